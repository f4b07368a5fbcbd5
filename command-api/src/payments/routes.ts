import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import { DomainError, paymentIntentAggregate, paymentIntentStream } from '@studio/domain';
import { parseInput, recordProviderStatus, recordRefundStatus } from '@studio/platform';
import type { CommandApiDeps } from '../http/app';
import { commandContext } from '../http/context';
import { payRest, payRestOfPayment } from './pay-rest';

const notificationSchema = z.object({
  type: z.literal('notification'),
  event: z.string().max(100),
  object: z.object({ id: z.string().min(1).max(100) }).loose(),
});
const intentParams = z.object({ intentId: z.uuid('ожидался идентификатор платежа') });
const paymentParams = z.object({ paymentId: z.string().min(1).max(100).regex(/^[\w-]+$/, 'некорректный идентификатор платежа') });

export function createPaymentsRouter(deps: CommandApiDeps, guards: RequestHandler[]): Router {
  return (
    Router()
      // The provider's notifications: answered 200 once recorded, so it stops retrying; a failure is a 500 it retries.
      .post('/payments/notifications', ...guards, async (req, res) => {
        if (!deps.isNotificationSource(req.ip ?? req.socket.remoteAddress ?? '')) {
          throw new DomainError('forbidden', 'notification_source', 'Уведомления о платежах принимаются только от платёжного сервиса');
        }
        const notification = parseInput(notificationSchema, req.body);
        // `refund.succeeded` names a refund, every other event a payment.
        const record = notification.event.startsWith('refund.') ? recordRefundStatus : recordProviderStatus;
        const result = await record(deps.commands, deps.payments, notification.object.id, commandContext(res));
        res.json({ success: true, recorded: (result?.events.length ?? 0) > 0 });
      })
      // The result page asks for this when a notification may have been lost; a GET in the spec (the gateway routes it here).
      .get('/payment-intents/:intentId/sync', ...guards, async (req, res) => {
        const { intentId } = parseInput(intentParams, req.params);
        const { state } = await deps.commands.read(paymentIntentAggregate, paymentIntentStream(intentId));
        if (!state.intent) throw new DomainError('not_found', 'intent_not_found', 'Платёж не найден', 'intentId');
        let position: string | null = null;
        for (const [paymentId, payment] of Object.entries(state.payments)) {
          if (payment.status === 'succeeded' || payment.status === 'canceled') continue;
          const result = await recordProviderStatus(deps.commands, deps.payments, paymentId, commandContext(res));
          position = result?.position ?? position;
        }
        res.json({ success: true, position });
      })
      .post('/payment-intents/:intentId/pay-rest', ...guards, async (req, res) => {
        const { intentId } = parseInput(intentParams, req.params);
        const { confirmationUrl, position } = await payRest(deps, intentId, commandContext(res));
        res.json({ success: true, confirmationUrl, position });
      })
      // The cabinet's: only the booking's owner, signed in.
      .post('/payments/:paymentId/pay-rest', ...guards, async (req, res) => {
        const { paymentId } = parseInput(paymentParams, req.params);
        const { confirmationUrl, position } = await payRestOfPayment(deps, paymentId, req, res);
        res.json({ success: true, confirmationUrl, position });
      })
  );
}

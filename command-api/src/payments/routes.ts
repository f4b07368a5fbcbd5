import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import { DomainError, paymentNotificationAnswerSchema, paymentSyncAnswerSchema, payRestAnswerSchema } from '@studio/domain';
import { parseInput, payRestAsBuyer, payRestOfPayment, recordProviderStatus, recordRefundStatus, staffSessionOf, syncIntentPayments, visitorKeyOf } from '@studio/platform';
import { signedInCustomer } from '../bookings/ownership';
import type { CommandApiDeps } from '../http/app';
import { signedInCustomerOf } from '../http/context';
import { writeRoute } from '../http/write-route';

const notificationSchema = z.object({
  type: z.literal('notification'),
  event: z.string().max(100),
  object: z.object({ id: z.string().min(1).max(100) }).loose(),
});
const intentParams = z.object({ intentId: z.uuid('ожидался идентификатор платежа') });
const paymentParams = z.object({ paymentId: z.string().min(1).max(100).regex(/^[\w-]+$/, 'некорректный идентификатор платежа') });

export function paymentsRoutes(deps: CommandApiDeps, guards: RequestHandler[]): Router {
  return (
    Router()
      // The provider's notifications: answered 200 once recorded, so it stops retrying; a failure is a 500 it retries.
      .post(
        '/payments/notifications',
        ...guards,
        writeRoute(deps, {
          answer: paymentNotificationAnswerSchema,
          parse: (req) => {
            if (!deps.isNotificationSource(req.ip ?? req.socket.remoteAddress ?? '')) {
              throw new DomainError('forbidden', 'notification_source', 'Уведомления о платежах принимаются только от платёжного сервиса');
            }
            return parseInput(notificationSchema, req.body);
          },
          // `refund.succeeded` names a refund, every other event a payment.
          run: (notification, { context }) => (notification.event.startsWith('refund.') ? recordRefundStatus : recordProviderStatus)(deps.commands, deps.payments, notification.object.id, context),
          present: (result) => ({ recorded: (result?.events.length ?? 0) > 0 }),
        }),
      )
      // The result page asks for this when a notification may have been lost; a GET in the spec (the gateway routes it here).
      .get(
        '/payment-intents/:intentId/sync',
        ...guards,
        writeRoute(deps, {
          answer: paymentSyncAnswerSchema,
          parse: (req) => parseInput(intentParams, req.params).intentId,
          run: (intentId, { context }) => syncIntentPayments(deps.commands, deps.payments, intentId, context),
          present: () => ({}),
        }),
      )
      .post(
        '/payment-intents/:intentId/pay-rest',
        ...guards,
        writeRoute(deps, {
          answer: payRestAnswerSchema,
          parse: async (req, res) => ({
            intentId: parseInput(intentParams, req.params).intentId,
            caller: { visitor: visitorKeyOf(req), customerId: signedInCustomerOf(res), staff: (await staffSessionOf(deps.pool, req)) !== null },
          }),
          run: ({ intentId, caller }, { context }) => payRestAsBuyer(deps, intentId, caller, context),
          present: ({ confirmationUrl }) => ({ confirmationUrl }),
        }),
      )
      // The cabinet's: only the booking's owner, signed in.
      .post(
        '/payments/:paymentId/pay-rest',
        ...guards,
        writeRoute(deps, {
          answer: payRestAnswerSchema,
          parse: async (req, res) => {
            const { paymentId } = parseInput(paymentParams, req.params);
            return { paymentId, customer: await signedInCustomer(deps, req, res) };
          },
          run: ({ customer, paymentId }, { context }) => payRestOfPayment(deps, customer, paymentId, context),
          present: ({ confirmationUrl }) => ({ confirmationUrl }),
        }),
      )
  );
}

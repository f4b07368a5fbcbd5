import { Router } from 'express';
import { z } from 'zod';
import { bookingsByPaymentResponseSchema, paymentIntentResponseSchema } from '@studio/domain';
import { parseInput, sessionCustomerOf, staffSessionOf, visitorKeyOf } from '@studio/platform';
import type { QueryAppDeps } from '../app';
import { jsonRoute } from '../http/json-route';
import { bookingsByPayment, paymentIntentView } from './queries';

const intentParams = z.object({ intentId: z.uuid('ожидался идентификатор платежа') });
const paymentParams = z.object({ paymentId: z.string().min(1).max(100).regex(/^[\w-]+$/, 'некорректный идентификатор платежа') });

export function paymentsRoutes({ db, pool, waiter }: QueryAppDeps): Router {
  return Router()
    .get(
      '/api/payment-intents/:intentId',
      jsonRoute(waiter, paymentIntentResponseSchema)({
        projection: 'bookings',
        noStore: true,
        parse: (req) => ({ intentId: parseInput(intentParams, req.params).intentId, req }),
        answer: async ({ intentId, req }) => {
          const [customerId, staff] = await Promise.all([sessionCustomerOf(pool, req), staffSessionOf(pool, req)]);
          return { success: true, intent: await paymentIntentView(db, intentId, { visitor: visitorKeyOf(req), customerId, staff: staff !== null }) };
        },
      }),
    )
    .get(
      '/api/bookings/by-payment/:paymentId',
      jsonRoute(waiter, bookingsByPaymentResponseSchema)({
        projection: 'bookings',
        noStore: true,
        parse: (req) => parseInput(paymentParams, req.params).paymentId,
        answer: async (paymentId) => ({ success: true, bookings: await bookingsByPayment(db, paymentId) }),
      }),
    );
}

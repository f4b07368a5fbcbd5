import { z } from 'zod';
import { currentPriceSchema, serviceSchema } from './catalog';
import { roublesOrBlankToKopecksSchema } from './money';

// The back-office's writes of a studio's services and prices (docs/catalog.md#calls-and-who-may-make-them «Catalogues»,
// studio-prefixed: /api/services is pochta's, /api/kirova/services …). The edge checks shapes and
// sizes; the catalog decider owns the rules and their messages (SERVICE_MESSAGES, PRICE_MESSAGES),
// so a required field left out or blank passes the edge as null for the decider to refuse.
const text = (max: number) => z.string().max(max, `не длиннее ${max} символов`);

export const SERVICE_NAME_MAX = 200;
export const SERVICE_DESCRIPTION_MAX = 2000;

/** POST /services and PUT /services/{id}: the price in roubles (a number, or a string with a dot or a comma). */
export const serviceRequestSchema = z.object({
  name: text(SERVICE_NAME_MAX).nullish(),
  price: roublesOrBlankToKopecksSchema,
  description: text(SERVICE_DESCRIPTION_MAX).nullish(),
  format: text(50).nullish(),
});
export type ServiceRequest = z.input<typeof serviceRequestSchema>;

/** POST /prices and PUT /prices/{id}, in roubles. */
export const pricesRequestSchema = z.object({
  hour_price: roublesOrBlankToKopecksSchema,
  half_hour_price: roublesOrBlankToKopecksSchema,
});
export type PricesRequest = z.input<typeof pricesRequestSchema>;

/** A catalogue path's id (a service's or a price list's). */
export const catalogIdParamsSchema = z.object({ id: z.string().min(1).max(100).regex(/^[\w-]+$/, 'некорректный идентификатор') });

/** What a write answers: the position a following read may wait for. */
const written = { success: z.literal(true), position: z.string() };

/** POST /services (201) and PUT /services/{id}: the service as stored. */
export const serviceWriteAnswerSchema = z.object({ ...written, data: serviceSchema });
/** DELETE /services/{id}. Bookings already made keep the service's name and price. */
export const serviceDeleteAnswerSchema = z.object({ ...written, data: z.object({ id: z.string() }) });

/** POST /prices (201) and PUT /prices/{id}: the price list as stored. */
export const pricesWriteAnswerSchema = z.object({ ...written, data: currentPriceSchema.extend({ id: z.string() }) });

/**
 * GET /prices (staff only): every price list of the studio, the current one first (the one set or
 * changed last, which new bookings are charged). Times are ISO instants.
 */
export const priceRowSchema = z.object({
  id: z.string(),
  hour_price: z.number().nonnegative(),
  half_hour_price: z.number().nonnegative(),
  created_at: z.string(),
  updated_at: z.string(),
  current: z.boolean(),
});
export const pricesListAnswerSchema = z.object({ success: z.literal(true), data: z.array(priceRowSchema) });
export type PriceRow = z.infer<typeof priceRowSchema>;
export type PricesListAnswer = z.infer<typeof pricesListAnswerSchema>;

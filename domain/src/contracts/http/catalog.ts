import { z } from 'zod';
import { SHOOTING_FORMATS } from '../../bookings/events';
import { discountTypeSchema, ruleSchema } from '../../catalog/events';
import { studioSchema } from '../../primitives';

/** Money in these answers is roubles (two decimals at most); inside the system it is kopecks. */
const roubles = z.number().nonnegative();

/** GET /api/{studio}/prices/current */
export const currentPriceSchema = z.object({ id: z.string().nullable(), hour_price: roubles, half_hour_price: roubles });
export const currentPriceResponseSchema = z.object({ success: z.literal(true), data: currentPriceSchema });
export type CurrentPrice = z.infer<typeof currentPriceSchema>;
export type CurrentPriceResponse = z.infer<typeof currentPriceResponseSchema>;

/** GET /api/{studio}/services */
export const serviceSchema = z.object({ id: z.string(), name: z.string(), description: z.string(), price: roubles, format: z.string() });
export const servicesResponseSchema = z.object({ success: z.literal(true), data: z.array(serviceSchema) });
export type Service = z.infer<typeof serviceSchema>;
export type ServicesResponse = z.infer<typeof servicesResponseSchema>;

/** GET /api/admin/discounts?studio= */
export const discountSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  discount_type: discountTypeSchema.or(z.string()),
  discount_value: z.number(),
  studio: studioSchema.or(z.string()),
});
export const discountsResponseSchema = z.object({ success: z.literal(true), discounts: z.array(discountSchema) });
export type Discount = z.infer<typeof discountSchema>;
export type DiscountsResponse = z.infer<typeof discountsResponseSchema>;

/** GET /api/admin/settings/group-discount?studio= */
export const groupDiscountResponseSchema = z.object({ success: z.literal(true), enabled: z.boolean() });
export type GroupDiscountResponse = z.infer<typeof groupDiscountResponseSchema>;

/** GET /api/{studio}: the hall page. */
export const hallSchema = z.object({ hall_size: z.string(), features: z.array(z.string()), photos: z.array(z.string()), rules: z.array(ruleSchema) });
export const hallResponseSchema = z.object({ success: z.literal(true), data: hallSchema });
/** PUT /api/{studio}/hall (and the spec's PUT /api/{pochta|kirova}/{id}, PUT /api/masterskaya): the hall as now shown. */
export const hallWriteAnswerSchema = z.object({ success: z.literal(true), data: hallSchema, position: z.string().nullable() });
export type Hall = z.infer<typeof hallSchema>;
export type HallResponse = z.infer<typeof hallResponseSchema>;

/** GET /api/photographers: price per hour; slug, code and external_id null when unset. */
export const photographerSchema = z.object({
  id: z.string(),
  slug: z.string().nullable(),
  code: z.string().nullable(),
  external_id: z.string().nullable(),
  name: z.string(),
  price: roubles,
});
export const photographersResponseSchema = z.object({ success: z.literal(true), data: z.array(photographerSchema) });
export type Photographer = z.infer<typeof photographerSchema>;
export type PhotographersResponse = z.infer<typeof photographersResponseSchema>;
/** POST /api/photographers and PUT /api/photographers/{id}: the photographer as now listed. */
export const photographerWriteAnswerSchema = z.object({ success: z.literal(true), data: photographerSchema, position: z.string().nullable() });
/** DELETE /api/photographers/{id}. */
export const photographerDeleteAnswerSchema = z.object({ success: z.literal(true), data: z.object({ id: z.string() }), position: z.string().nullable() });

/**
 * GET /api/{studio}/formats (pochta's on /api/formats): every shooting format, in the booking
 * page's order. id, format and shooting_format are the format's key; the price is an event's per
 * booking (per slot on kirova), 0 for the formats charged through rent or a photographer's rate.
 */
const shootingFormatKind = z.enum(SHOOTING_FORMATS);
export const shootingFormatSchema = z.object({ id: z.string(), format: shootingFormatKind, shooting_format: shootingFormatKind, name: z.string(), price: roubles });
export const formatsResponseSchema = z.object({ success: z.literal(true), data: z.array(shootingFormatSchema) });
/** PUT /api/{studio}/formats/{format}: the format as now listed. */
export const formatWriteAnswerSchema = z.object({ success: z.literal(true), data: shootingFormatSchema, position: z.string().nullable() });
export type ShootingFormat = z.infer<typeof shootingFormatSchema>;
export type FormatsResponse = z.infer<typeof formatsResponseSchema>;

import { z } from 'zod';
import { SHOOTING_FORMATS } from '../bookings/events';
import { idSchema, kopecksSchema, studioSchema } from '../primitives';

export const DISCOUNT_TYPES = ['weekend', 'tomorrow', 'specific_dates', 'days_in_advance', 'weekdays'] as const;
export const discountTypeSchema = z.enum(DISCOUNT_TYPES);
/** perfoto, perphoto and infilming are billed once per shoot day; anything else per hour. */
export const SERVICE_FORMATS = ['inhour', 'infilming', 'perfoto', 'perphoto'] as const;

export const ruleSchema = z.object({ number: z.number().int().positive(), title: z.string().min(1), description: z.string().optional() });
export type Rule = z.infer<typeof ruleSchema>;

export const catalogEventSchemas = {
  HallUpdated: z.object({
    studio: studioSchema,
    hallSize: z.string(),
    features: z.array(z.string()),
    photos: z.array(z.string()),
    /** Always numbered contiguously from 1. */
    rules: z.array(ruleSchema),
  }),
  PricesSet: z.object({ studio: studioSchema, priceId: idSchema, hourPrice: kopecksSchema, halfHourPrice: kopecksSchema }),
  ServiceAdded: z.object({ studio: studioSchema, serviceId: idSchema, name: z.string().min(1), description: z.string(), price: kopecksSchema, format: z.string().min(1) }),
  ServiceUpdated: z.object({ studio: studioSchema, serviceId: idSchema, name: z.string().min(1), description: z.string(), price: kopecksSchema, format: z.string().min(1) }),
  ServiceRemoved: z.object({ studio: studioSchema, serviceId: idSchema }),
  DiscountAdded: z.object({ studio: studioSchema, discountId: idSchema, name: z.string().min(1), description: z.string(), discountType: discountTypeSchema, discountValue: z.number().positive().max(100) }),
  DiscountUpdated: z.object({ studio: studioSchema, discountId: idSchema, name: z.string().min(1), description: z.string(), discountType: discountTypeSchema, discountValue: z.number().positive().max(100) }),
  DiscountRemoved: z.object({ studio: studioSchema, discountId: idSchema }),
  GroupDiscountSwitched: z.object({ studio: studioSchema, enabled: z.boolean() }),
  FormatPriceSet: z.object({ studio: studioSchema, format: z.enum(SHOOTING_FORMATS), name: z.string().min(1), price: kopecksSchema }),
} as const;

type EventUnion<S extends Record<string, z.ZodType>> = { [K in keyof S & string]: { type: K; data: z.infer<S[K]> } }[keyof S & string];
export type CatalogEvent = EventUnion<typeof catalogEventSchemas>;
export const CATALOG_EVENT_TYPES = Object.keys(catalogEventSchemas) as (keyof typeof catalogEventSchemas)[];

import { z } from 'zod';
import { isoDateSchema, SHOOTING_FORMATS, studioSchema } from '@studio/domain';

const text = (max: number) => z.string().trim().max(max, `не длиннее ${max} символов`);

/** The booking page's phone mask: +7 (999) 123-45-67 (a 1–3 digit country code). */
const PHONE = /^\+\d{1,3} \(\d{3}\) \d{3}-\d{2}-\d{2}$/;

/** POST /api/bookings/intent, as the booking page sends it (docs/booking.md#calls-and-who-may-make-them). */
export const bookingIntentRequestSchema = z.object({
  studio: studioSchema,
  timeSlots: z
    .array(z.object({ date: isoDateSchema, time: z.string().regex(/^\d{2}:\d{2}-\d{2}:\d{2}$/, 'время в формате ЧЧ:ММ-ЧЧ:ММ') }).loose())
    .min(1, 'Выберите дату и время')
    .max(200),
  format: z
    .object({
      format: z.enum(SHOOTING_FORMATS).optional(),
      shooting_format: z.enum(SHOOTING_FORMATS).optional(),
      photographer_id: z.union([z.string().max(100), z.number()]).nullish(),
      people_count: z.coerce.number().int().min(1).max(500).nullish(),
    })
    .loose()
    .default({}),
  services: z.array(z.union([z.string().max(100), z.object({ id: z.union([z.string().max(100), z.number()]) }).loose()])).max(50).default([]),
  /** What the page showed, in roubles: the server prices the booking itself and refuses a different figure. */
  totalPrice: z.number().nonnegative().max(100_000_000),
  promoCode: text(50).nullish(),
  contact: z.object({
    name: text(200).min(1, 'Укажите имя'),
    phone: z.string().trim().regex(PHONE, 'Введите корректный номер телефона в формате +7 (999) 123-45-67'),
    email: text(254).pipe(z.email('Введите корректный email')),
    comment: text(2000).default(''),
  }),
  prepayPercent: z.union([z.literal(50), z.literal(100)]).default(100),
  comment: text(2000).nullish(),
  /** The hold id of the signed-in customer's waitlist offer being booked (docs/waitlist.md). */
  waitlistOffer: z.uuid('ожидался UUID предложения').nullish(),
});
export type BookingIntentRequest = z.infer<typeof bookingIntentRequestSchema>;

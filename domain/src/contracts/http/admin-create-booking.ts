import { z } from 'zod';
import { idSchema, isoDateSchema } from '../../primitives';

/** The spec's own texts for the create-booking form (docs/admin-calendar.md#rules). */
export const STAFF_BOOKING_MESSAGES = {
  phoneRequired: 'Введите номер телефона или отметьте техническую бронь',
  minimumAmount: 'Минимальная сумма оплаты 100 ₽',
  emailRequired: 'Укажите email, чтобы отправить подтверждение',
  oneWayToPay: 'Выберите что-то одно: ссылка на оплату или оплата переводом',
} as const;

/** The smallest amount a payment link may ask for, in roubles. */
export const MIN_PAYMENT_LINK_ROUBLES = 100;

const flag = z.union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.literal('true'), z.literal('false')]).transform((v) => v === true || v === 1 || v === '1' || v === 'true');
const time = z.string().trim().regex(/^([01]\d|2[0-4]):[0-5]\d$/, 'время в формате ЧЧ:ММ');
const text = (max: number) => z.string().trim().max(max, `не длиннее ${max} символов`);
/** Empty form fields come as "" or null: the same as not given. */
const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

/**
 * POST /bookings (studio-prefixed: /api/bookings is pochta's, /api/kirova/bookings, /api/masterskaya/bookings),
 * as the back-office's create form sends it (docs/admin-calendar.md#calls-and-who-may-make-them): one range of one date. In
 * multi-slot mode the form sends one per half hour, the first with the e-mail and all the segments,
 * and may give them one `group_id`. Amounts are roubles.
 */
export const staffCreateBookingRequestSchema = z.object({
  date: isoDateSchema,
  time_start: time,
  time_end: time,
  /** The mask's digits; a technical booking sends a marker, which is ignored. */
  phone: z.preprocess(blankToUndefined, text(30).optional()),
  name: z.preprocess(blankToUndefined, text(100).optional()),
  surname: z.preprocess(blankToUndefined, text(100).optional()),
  email: z.preprocess(blankToUndefined, text(254).pipe(z.email('Введите корректный email')).optional()),
  comment: z.preprocess(blankToUndefined, text(2000).optional()),
  people_count: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(500).optional()),
  /** A photographer booked with the hall: their hours are taken too, refused when busy (docs/photographers.md). */
  photographer_id: z.preprocess(blankToUndefined, idSchema.optional()),
  isTechnical: flag.default(false),
  /** What the link charges, or the price a transfer pays (in full or half); unset, the studio's rent for the range. */
  amount: z.preprocess(
    (value) => (typeof value === 'string' ? blankToUndefined(value.trim().replace(',', '.')) : blankToUndefined(value)),
    z.coerce.number('сумма должна быть числом').min(0, 'сумма не может быть отрицательной').max(10_000_000).multipleOf(0.01, 'не больше двух знаков после запятой').optional(),
  ),
  createPaymentLink: flag.default(false),
  transferPayment: flag.default(false),
  /** A manual transfer of the whole price, or of half of it (the rest stays owed). */
  transferPaymentMode: z.preprocess(blankToUndefined, z.enum(['full', 'prepayment']).default('full')),
  sendEmailConfirmation: flag.default(false),
  emailSegments: z.array(z.object({ date: isoDateSchema, time_start: time, time_end: time })).max(100).optional(),
  group_id: z.preprocess(blankToUndefined, z.uuid('group_id: нужен UUID').optional()),
});
export type StaffCreateBookingRequest = z.input<typeof staffCreateBookingRequestSchema>;

/** The payment a created booking asks for or recorded; money in roubles. */
export const staffBookingPaymentSchema = z.object({
  id: z.string(),
  /** `link`: through the provider at `confirmationUrl`; `transfer`: a manual bank transfer, already recorded. */
  kind: z.enum(['link', 'transfer']),
  status: z.enum(['pending', 'succeeded']),
  amount: z.number(),
  confirmationUrl: z.string().nullable(),
  confirmation_url: z.string().nullable(),
});
export type StaffBookingPayment = z.infer<typeof staffBookingPaymentSchema>;

/** The answer of POST /bookings (201): what the success screen shows, in the spec's several spellings. */
export const staffCreateBookingAnswerSchema = z.object({
  success: z.literal(true),
  booking: z.object({
    id: z.string(),
    group_id: z.string().nullable(),
    studio: z.string(),
    date: z.string(),
    time_start: z.string(),
    time_end: z.string(),
    is_technical: z.boolean(),
    total_price: z.number(),
    payment_id: z.string().nullable(),
    payment_status: staffBookingPaymentSchema.shape.status.nullable(),
    confirmation_url: z.string().nullable(),
  }),
  /** The link to hand the customer, when one was made. */
  payment_link: z.string().nullable(),
  confirmationUrl: z.string().nullable(),
  payment: staffBookingPaymentSchema.nullable(),
  /** The position of the last event written, for read-your-writes. */
  position: z.string().nullable(),
});
export type StaffCreateBookingAnswer = z.infer<typeof staffCreateBookingAnswerSchema>;

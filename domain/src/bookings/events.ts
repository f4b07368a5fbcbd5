import { z } from 'zod';
import { versionedChangePolicySchema } from '../change-policy/terms';
import { cellSchema, idSchema, isoDateSchema, kopecksSchema, studioSchema } from '../primitives';

const text = (max: number) => z.string().max(max);

/** Who booked: a guest's contact data as given, or a customer's from the profile. */
export const bookingCustomerSchema = z.object({
  name: text(200).min(1),
  /** Digits only, e.g. 79991234567. */
  phone: z.string().regex(/^\d{10,15}$/),
  email: text(254).min(3),
  comment: text(2000).default(''),
  /** Set once accounts exist; a guest has none. */
  userId: idSchema.optional(),
});

/** The cells of one day the booking holds, and the hold that keeps them until payment. */
export const bookingBlockSchema = z.object({ date: isoDateSchema, cells: z.array(cellSchema).min(1).max(48), holdId: idSchema });

export const SHOOTING_FORMATS = ['self', 'with_photographer', 'event'] as const;

export const bookingFormatSchema = z.object({
  kind: z.enum(SHOOTING_FORMATS),
  photographerId: idSchema.optional(),
  photographerName: text(200).optional(),
  peopleCount: z.number().int().min(1).max(500),
});

export const bookedServiceSchema = z.object({ serviceId: idSchema, name: text(200), format: text(50), price: kopecksSchema });

/** The price as decided when the booking was placed: the itemised lines and what is owed. */
export const bookingPriceSchema = z.object({
  lines: z.array(z.object({ label: text(200), amount: z.number().int() })).max(100),
  total: kopecksSchema,
});

/** A day of a staff booking: its cells are reserved outright in the studio-day ledger, so no hold. */
export const staffBookingBlockSchema = z.object({ date: isoDateSchema, cells: z.array(cellSchema).min(1).max(48) });

/** Whom staff booked for; a technical booking (the studio blocked) has nobody, so every field may be empty. */
export const staffBookingCustomerSchema = z.object({
  name: text(200),
  /** Digits only, or empty for a technical booking. */
  phone: z.string().regex(/^(\d{10,15})?$/),
  email: text(254).optional(),
  comment: text(2000).default(''),
});

/** How the customer of a staff booking pays: not through us, by a provider link, or by a manual bank transfer. */
export const STAFF_PAYMENT_MODES = ['none', 'link', 'transfer'] as const;

/** A time range the staff's confirmation e-mail lists (a multi-slot creation's first booking lists them all). */
export const mailSegmentSchema = z.object({ date: isoDateSchema, start: z.string().regex(/^\d{2}:\d{2}$/), end: z.string().regex(/^\d{2}:\d{2}$/) });

export const bookingEventSchemas = {
  /** A booking awaiting payment: its cells are held (one hold per day) until a payment confirms it. */
  BookingPlaced: z.object({
    bookingId: idSchema,
    intentId: idSchema,
    studio: studioSchema,
    customer: bookingCustomerSchema,
    blocks: z.array(bookingBlockSchema).min(1).max(62),
    format: bookingFormatSchema,
    services: z.array(bookedServiceSchema).max(50),
    promoCode: text(50).optional(),
    price: bookingPriceSchema,
    /** 100 for a guest; 50 lets a customer pay half now and the rest at the visit. */
    prepayPercent: z.union([z.literal(50), z.literal(100)]),
    /**
     * The buyer's browser (its visitor cookie's key, SHA-256 hex): with the account, it is who may
     * see the booking's contact data on the payment result page and pay its rest there.
     */
    visitor: z.string().regex(/^[0-9a-f]{64}$/).optional(),
    /**
     * The studio's change policy in force at placement (docs/change-policy.md): later edits never
     * change this booking. A booking placed before policies existed has none and follows version 1.
     */
    changePolicy: versionedChangePolicySchema.optional(),
  }),
  /**
   * Staff booked cells outright (the studio-day ledger reserved them before this was recorded), so
   * the booking is firm from the start: no hold, no expiry, no first payment needed. Its money, if
   * any, goes through the payment intent `intentId` (a provider link or a manual transfer) and is
   * added with BookingPaymentRecorded.
   */
  BookingCreatedByStaff: z.object({
    bookingId: idSchema,
    intentId: idSchema,
    studio: studioSchema,
    /** The bookings one multi-slot creation made (one request per half hour) share it. */
    groupId: idSchema.optional(),
    staffId: idSchema,
    /** The studio blocked for its own needs: no customer, no payment. */
    technical: z.boolean(),
    customer: staffBookingCustomerSchema,
    blocks: z.array(staffBookingBlockSchema).min(1).max(62),
    peopleCount: z.number().int().min(1).max(500),
    /** The photographer staff booked with it, whose hours it holds like the hall's (docs/photographers.md). */
    photographer: z.object({ id: idSchema, name: text(200) }).optional(),
    price: bookingPriceSchema,
    payment: z.enum(STAFF_PAYMENT_MODES),
    /** 50 when staff recorded half of the price as transferred; the rest stays owed. */
    prepayPercent: z.union([z.literal(50), z.literal(100)]),
    /** Set when staff asked for the confirmation e-mail: where it goes and the ranges it lists. */
    emailConfirmation: z.object({ email: text(254).min(3), segments: z.array(mailSegmentSchema).min(1).max(100) }).optional(),
  }),
  /** A verified payment made the booking firm; its holds become booked cells. */
  BookingConfirmed: z.object({ bookingId: idSchema, paymentId: idSchema, paid: kopecksSchema }),
  /** A later payment of a confirmed booking (the rest of a 50% prepayment) went through. */
  BookingPaymentRecorded: z.object({
    bookingId: idSchema,
    paymentId: idSchema,
    amount: kopecksSchema,
    /** Set when staff recorded money that came outside the provider (a bank transfer); a provider payment has none. */
    method: z.enum(['transfer']).optional(),
    /** The staff member who recorded it, by name as the history shows it. */
    staffName: text(100).optional(),
  }),
  BookingCanceled: z.object({
    bookingId: idSchema,
    reason: z.enum(['payment_canceled', 'hold_expired', 'customer', 'staff']),
    /** The person who asked (customer:…, staff:…); the system's own cancellations name none. */
    requestedBy: z.string().min(1).max(100).optional(),
    /** A customer's cancellation by the change policy: the kopecks to give back and kept, as quoted, and the policy version it was decided under. */
    refund: kopecksSchema.optional(),
    kept: kopecksSchema.optional(),
    policyVersion: z.number().int().min(1).optional(),
  }),
  /** The booked time is over. */
  BookingCompleted: z.object({ bookingId: idSchema }),
  /** A staff member's note on the booking (docs/booking.md#what-it-does «notes»: text, date, adminName). */
  BookingNoteAdded: z.object({ bookingId: idSchema, text: text(2000).min(1), at: z.iso.datetime(), staffId: idSchema, staffName: text(100) }),
  /**
   * Staff moved the booking's time: `from` is every day's cells it had, `to` the one range it has
   * now. Cells of `from` not in `to` were given back (the intervals left out of a transfer).
   */
  BookingMoved: z.object({
    bookingId: idSchema,
    from: z.array(z.object({ date: isoDateSchema, cells: z.array(cellSchema).min(1).max(48) })).min(1).max(62),
    to: z.object({ date: isoDateSchema, cells: z.array(cellSchema).min(1).max(48) }),
    staffName: text(100).optional(),
  }),
  /**
   * The customer asked to move the booking to `to` (docs/change-policy.md): its new cells are held
   * under `holdId` while its old ones stay booked. Priced as a new booking (`price`); `charge` is
   * to be paid by `paymentId` before the hold lapses at `expiresAt`, or the booking keeps its time.
   */
  BookingRescheduleRequested: z.object({
    bookingId: idSchema,
    holdId: idSchema,
    to: z.object({ date: isoDateSchema, cells: z.array(cellSchema).min(1).max(48) }),
    price: bookingPriceSchema,
    charge: kopecksSchema,
    refund: kopecksSchema,
    paymentId: idSchema.optional(),
    expiresAt: z.iso.datetime(),
    policyVersion: z.number().int().min(1),
    requestedBy: z.string().min(1).max(100),
  }),
  /** The move is done: the booking has `to` and its new price; `charge` was paid, `refund` goes back. */
  BookingRescheduled: z.object({
    bookingId: idSchema,
    holdId: idSchema,
    from: z.object({ date: isoDateSchema, cells: z.array(cellSchema).min(1).max(48) }),
    to: z.object({ date: isoDateSchema, cells: z.array(cellSchema).min(1).max(48) }),
    previousTotal: kopecksSchema,
    price: bookingPriceSchema,
    charge: kopecksSchema,
    refund: kopecksSchema,
    paymentId: idSchema.optional(),
    policyVersion: z.number().int().min(1),
    requestedBy: z.string().min(1).max(100),
  }),
  /** A requested move did not happen (its difference unpaid before the hold lapsed, or declined): the booking keeps its time. */
  BookingRescheduleLapsed: z.object({ bookingId: idSchema, holdId: idSchema, reason: z.enum(['hold_expired', 'payment_canceled', 'replaced', 'failed']) }),
} as const;

type EventUnion<S extends Record<string, z.ZodType>> = { [K in keyof S & string]: { type: K; data: z.infer<S[K]> } }[keyof S & string];
export type BookingEvent = EventUnion<typeof bookingEventSchemas>;
export type BookingPlaced = Extract<BookingEvent, { type: 'BookingPlaced' }>['data'];
export type BookingCustomer = z.infer<typeof bookingCustomerSchema>;
export type BookingBlock = z.infer<typeof bookingBlockSchema>;
export type BookingCreatedByStaff = Extract<BookingEvent, { type: 'BookingCreatedByStaff' }>['data'];
export type MailSegment = z.infer<typeof mailSegmentSchema>;

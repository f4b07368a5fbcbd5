import { z } from 'zod';
import { ADMIN_SHOOTING_FORMATS } from './admin-bookings';

/** docs/clients.md#constants: the client base shows 12 clients a page; a caller may ask for up to 100. */
export const CLIENTS_PAGE_SIZE = 12;
export const CLIENTS_MAX_LIMIT = 100;

/** A client's id: 32 hex digits derived from the phone (the clients projection makes them). */
export const clientIdSchema = z.string().regex(/^[0-9a-f]{32}$/, 'некорректный идентификатор клиента');

/** Money in these answers is roubles; inside the system it is kopecks. */
const roubles = z.number();

/** docs/clients.md#what-it-does Client «stats». */
export const adminClientStatsSchema = z.object({
  /** Bookings that hold now (confirmed or completed); cancelled ones and unpaid checkouts are not counted. */
  totalBookings: z.number().int(),
  /** Money received on the client's bookings minus the refunds that went through, in roubles. */
  totalSpent: roubles,
  /** YYYY-MM-DD: the latest booked day; null without a booking. */
  lastBookingDate: z.string().nullable(),
  /** ISO instant the latest booking was made. */
  lastBookingCreated: z.string().nullable(),
});
export type AdminClientStats = z.infer<typeof adminClientStatsSchema>;

/**
 * One client (docs/clients.md#what-it-does Client): a person known by one phone, from an account, from
 * bookings, or both. Only super administrators get these: they carry contact data.
 */
export const adminClientSchema = z.object({
  id: clientIdSchema,
  name: z.string(),
  surname: z.string(),
  /** E.164, e.g. +79991234567. */
  phone: z.string(),
  email: z.string().nullable(),
  /** The account on this phone; null for a client known from bookings only. */
  user_id: z.string().nullable(),
  /** ISO instant: the registration or the first booking, whichever came first. */
  created_at: z.string(),
  /** ISO instant of the account's latest login; null without an account or a login. */
  last_login: z.string().nullable(),
  /** The bookings that ever held, oldest first. */
  booking_ids: z.array(z.string()),
  stats: adminClientStatsSchema,
});
export type AdminClient = z.infer<typeof adminClientSchema>;

/** GET /api/admin/clients?page&limit&search&minBookings&maxBookings&dateFrom&dateTo. */
export const adminClientsAnswerSchema = z.object({
  success: z.literal(true),
  data: z.object({ clients: z.array(adminClientSchema), total: z.number().int(), totalPages: z.number().int() }),
});
export type AdminClientsAnswer = z.infer<typeof adminClientsAnswerSchema>;

/** One booking of a client's history (docs/clients.md#what-it-does «Detail response»), newest first. */
export const adminClientBookingSchema = z.object({
  id: z.string(),
  studio: z.string(),
  /** `canceled`: it held once and was cancelled since. */
  status: z.enum(['pending', 'confirmed', 'canceled', 'completed']),
  /** YYYY-MM-DD and HH:MM of the first booked range. */
  date: z.string(),
  time_start: z.string(),
  time_end: z.string(),
  /** Every booked range, for a booking over several ranges or days. */
  ranges: z.array(z.object({ date: z.string(), time_start: z.string(), time_end: z.string() })),
  shooting_format: z.enum(ADMIN_SHOOTING_FORMATS),
  services: z.array(z.object({ name: z.string(), price: roubles })),
  total_price: roubles,
  /** Received on it minus refunded. */
  paid_amount: roubles,
  created_at: z.string(),
});
export type AdminClientBooking = z.infer<typeof adminClientBookingSchema>;

/** GET /api/admin/clients/{id}. */
export const adminClientDetailAnswerSchema = z.object({
  success: z.literal(true),
  data: z.object({ client: adminClientSchema, stats: adminClientStatsSchema, bookings: z.array(adminClientBookingSchema) }),
});
export type AdminClientDetailAnswer = z.infer<typeof adminClientDetailAnswerSchema>;

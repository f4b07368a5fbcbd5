import { Router, type Response } from 'express';
import { calendarFeedsAnswerSchema, calendarFeedUrl, CALENDAR_FEED_PATH, DomainError, isStudio, notificationSettingsAnswerSchema, STUDIOS, type Studio } from '@studio/domain';
import { bookingCalendarFile, calendarFeedToken, DEVELOPMENT_CALENDAR_FEED_SECRET, notSignedIn, requestOrigin, requireSessionCustomer, studioOfFeedToken } from '@studio/platform';
import type { QueryAppDeps } from '../app';
import { jsonRoute } from '../http/json-route';
import { awaitReadPosition } from '../http/read-your-writes';
import { staffOnly } from '../http/staff-only';
import { userBookings } from '../bookings/queries';
import { calendarBookingOf, feedBookings } from './feed-bookings';

const sendCalendar = (res: Response, text: string) => {
  res.setHeader('Content-Type', 'text/calendar; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.send(text);
};

/** A feed file's name: the token (HMAC-SHA256 as base64url, 43 characters) and `.ics`. */
const FEED_FILE = /^([A-Za-z0-9_-]{43})\.ics$/;
const feedNotFound = () => new DomainError('not_found', 'feed_not_found', 'Календарь не найден');

/**
 * Notification settings and calendar feeds (docs/notifications.md):
 * - GET /api/admin/notification-settings (admin, super): each studio's staff Telegram chat;
 * - GET /api/admin/calendar-feeds (admin, super): each studio's feed URL;
 * - GET /api/calendar-feeds/{token}.ics: the feed itself, text/calendar, for whoever has the token
 *   (no session: calendar services fetch it); any other token is a 404 that tells nothing more;
 * - GET /api/bookings/{id}/calendar.ics: the signed-in customer's own booking as a file, the
 *   cabinet's «Добавить в календарь» (401 without a session, 404 for a booking not theirs).
 */
export function notificationsRoutes({ db, pool, waiter, clock, calendarFeedSecret }: QueryAppDeps): Router {
  const secret = calendarFeedSecret ?? DEVELOPMENT_CALENDAR_FEED_SECRET;
  const settings = async () => {
    const rows = await db.selectFrom('studio_notification_settings').selectAll().execute();
    return new Map(rows.filter((row) => isStudio(row.studio)).map((row) => [row.studio as Studio, row]));
  };
  return Router()
    .get(
      '/api/admin/notification-settings',
      staffOnly(pool, 'admin'),
      jsonRoute(waiter, notificationSettingsAnswerSchema)({
        projection: 'notifications',
        noStore: true,
        parse: () => undefined,
        answer: async () => {
          const byStudio = await settings();
          return { success: true, settings: STUDIOS.map((studio) => ({ studio, telegramChatId: byStudio.get(studio)?.telegram_chat_id ?? null })) };
        },
      }),
    )
    .get(
      '/api/admin/calendar-feeds',
      staffOnly(pool, 'admin'),
      jsonRoute(waiter, calendarFeedsAnswerSchema)({
        projection: 'notifications',
        noStore: true,
        parse: (req) => requestOrigin(req),
        answer: async (origin) => {
          const byStudio = await settings();
          return { success: true, feeds: STUDIOS.map((studio) => ({ studio, url: calendarFeedUrl(origin, calendarFeedToken(secret, studio, byStudio.get(studio)?.feed_nonce ?? null)) })) };
        },
      }),
    )
    .get(`${CALENDAR_FEED_PATH}/:file`, async (req, res) => {
      const token = FEED_FILE.exec(req.params.file ?? '')?.[1];
      if (!token) throw feedNotFound();
      await awaitReadPosition(req, res, ['notifications', 'bookings'], waiter);
      const nonces = Object.fromEntries([...(await settings())].map(([studio, row]) => [studio, row.feed_nonce]));
      const studio = studioOfFeedToken(secret, nonces, token);
      if (!studio) throw feedNotFound();
      sendCalendar(res, await feedBookings(db, studio, clock.now()));
    })
    .get('/api/bookings/:id/calendar.ics', async (req, res) => {
      const customerId = await requireSessionCustomer(pool, req);
      await awaitReadPosition(req, res, ['bookings', 'accounts'], waiter);
      const customer = await db.selectFrom('customers').select(['id', 'phone', 'phone_verified']).where('id', '=', customerId).executeTakeFirst();
      if (!customer) throw notSignedIn();
      // Theirs as the cabinet lists it, by the same rule.
      const own = (await userBookings(db, customer, clock.now())).some((row) => row.id === req.params.id);
      const row = own ? await db.selectFrom('bookings').selectAll().where('booking_id', '=', req.params.id).executeTakeFirst() : undefined;
      if (!row || !isStudio(row.studio)) throw new DomainError('not_found', 'booking_not_found', 'Бронирование не найдено');
      res.setHeader('Content-Disposition', 'attachment; filename="booking.ics"');
      sendCalendar(res, bookingCalendarFile(calendarBookingOf(row, row.studio)));
    });
}

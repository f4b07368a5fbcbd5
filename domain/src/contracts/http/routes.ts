import type { z } from 'zod';
import { authAnswerSchema, authWriteAnswerSchema, passwordChangeAnswerSchema, phoneCodeSentAnswerSchema, signedOutAnswerSchema } from './accounts';
import { bookingDeleteAnswerSchema, bookingNoteAnswerSchema, bookingRefundAnswerSchema, bookingTransferAnswerSchema, transferRestPaidAnswerSchema } from './admin-booking-commands';
import { adminBookingsAnswerSchema, bookingHistoryAnswerSchema, masterskayaBookingsAnswerSchema } from './admin-bookings';
import { adminClientDetailAnswerSchema, adminClientsAnswerSchema } from './admin-clients';
import { staffCreateBookingAnswerSchema } from './admin-create-booking';
import { operationsAnswerSchema, rebuildAnswerSchema } from './admin-operations';
import { calendarFeedRotatedAnswerSchema, calendarFeedsAnswerSchema, notificationSettingsAnswerSchema, telegramChatAnswerSchema } from './notifications';
import { staffDeleteAnswerSchema, staffListAnswerSchema, staffWriteAnswerSchema } from './admins';
import { calendarSlotsResponseSchema } from './calendar';
import {
  equipmentAvailabilityAnswerSchema,
  photographerAvailabilityAnswerSchema,
  photographerDayAnswerSchema,
  photographerScheduleAnswerSchema,
  sharedEquipmentAnswerSchema,
  sharedEquipmentListAnswerSchema,
} from './resource-time';
import { changeOptionsAnswerSchema, changePolicyAnswerSchema, changePolicyWriteAnswerSchema, rescheduleAnswerSchema, rescheduleQuoteAnswerSchema } from './change-policy';
import {
  currentPriceResponseSchema,
  discountsResponseSchema,
  formatsResponseSchema,
  formatWriteAnswerSchema,
  groupDiscountResponseSchema,
  hallResponseSchema,
  hallWriteAnswerSchema,
  photographerDeleteAnswerSchema,
  photographersResponseSchema,
  photographerWriteAnswerSchema,
  servicesResponseSchema,
} from './catalog';
import { outboxResponseSchema } from './dev';
import { discountDeleteAnswerSchema, discountWriteAnswerSchema, groupDiscountWriteAnswerSchema } from './discounts';
import { financeJournalAnswerSchema, financeReconciliationAnswerSchema } from './finance';
import { hallPhotoDeleteAnswerSchema, hallPhotoStatesAnswerSchema, hallPhotoUploadAnswerSchema } from './hall-photos';
import { healthResponseSchema } from './health';
import { holdReleaseAnswerSchema, holdResponseSchema } from './holds';
import { bookingsByPaymentResponseSchema, checkoutAnswerSchema, paymentIntentResponseSchema, paymentNotificationAnswerSchema, paymentSyncAnswerSchema } from './payments';
import { promoCheckResponseSchema, promoCodeDeleteAnswerSchema, promoCodesResponseSchema, promoCodeWriteAnswerSchema } from './promo';
import { pricesListAnswerSchema, pricesWriteAnswerSchema, serviceDeleteAnswerSchema, serviceWriteAnswerSchema } from './services-and-prices';
import { staffAnswerSchema, staffLoginAnswerSchema } from './staff';
import { statisticsAnswerSchema } from './statistics';
import { cancelBookingAnswerSchema, payRestAnswerSchema, userBookingsResponseSchema } from './user-bookings';
import { adminWaitlistAnswerSchema, waitlistAnswerSchema, waitlistJoinAnswerSchema, waitlistLeaveAnswerSchema } from './waitlist';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Every JSON route of both APIs, as `METHOD /path` with express's `:param` segments, and the
 * schema of its 2xx answer (a refusal is the one error body of `errors.ts`). Studio-prefixed
 * routes are listed with `:studio`. The test kit parses every answer it receives with the schema
 * found here (`answerSchemaOf`), so a route missing from this table, or answering off its schema,
 * fails the test that called it. Files (the finance journal's CSV) are not JSON and not listed.
 */
export const HTTP_ANSWERS = {
  // query-api
  'GET /api/health': healthResponseSchema,
  'GET /api/calendar/slots': calendarSlotsResponseSchema,
  'GET /api/:studio/calendar/slots': calendarSlotsResponseSchema,
  'GET /api/payment-intents/:intentId': paymentIntentResponseSchema,
  'GET /api/bookings/by-payment/:paymentId': bookingsByPaymentResponseSchema,
  'GET /api/users/:id/bookings': userBookingsResponseSchema,
  'GET /api/bookings/:id/change-options': changeOptionsAnswerSchema,
  'GET /api/admin/policies': changePolicyAnswerSchema,
  'GET /api/bookings/all': adminBookingsAnswerSchema,
  'GET /api/:studio/bookings/all': adminBookingsAnswerSchema,
  'GET /api/masterskaya/bookings': masterskayaBookingsAnswerSchema,
  'GET /api/admin/bookings/:id/history': bookingHistoryAnswerSchema,
  'GET /api/promocodes/check/:code': promoCheckResponseSchema,
  'GET /api/promocodes': promoCodesResponseSchema,
  'GET /api/auth/me': authAnswerSchema,
  'GET /api/admin/me': staffAnswerSchema,
  'GET /api/admin/admins': staffListAnswerSchema,
  'GET /api/admin/hall-photos': hallPhotoStatesAnswerSchema,
  'GET /api/admin/clients': adminClientsAnswerSchema,
  'GET /api/waitlist': waitlistAnswerSchema,
  'GET /api/admin/waitlist': adminWaitlistAnswerSchema,
  'GET /api/admin/clients/:id': adminClientDetailAnswerSchema,
  'GET /api/admin/finance/journal': financeJournalAnswerSchema,
  'GET /api/admin/finance/reconciliation': financeReconciliationAnswerSchema,
  'GET /api/admin/operations/projections': operationsAnswerSchema,
  'GET /api/admin/calendar-feeds': calendarFeedsAnswerSchema,
  'GET /api/admin/notification-settings': notificationSettingsAnswerSchema,
  'GET /api/admin/statistics': statisticsAnswerSchema,
  'GET /api/dev/outbox': outboxResponseSchema,
  'GET /api/prices/current': currentPriceResponseSchema,
  'GET /api/:studio/prices/current': currentPriceResponseSchema,
  'GET /api/prices': pricesListAnswerSchema,
  'GET /api/:studio/prices': pricesListAnswerSchema,
  'GET /api/services': servicesResponseSchema,
  'GET /api/:studio/services': servicesResponseSchema,
  'GET /api/formats': formatsResponseSchema,
  'GET /api/:studio/formats': formatsResponseSchema,
  'GET /api/photographers': photographersResponseSchema,
  'GET /api/photographers/availability': photographerAvailabilityAnswerSchema,
  'GET /api/admin/photographers/day': photographerDayAnswerSchema,
  'GET /api/equipment/availability': equipmentAvailabilityAnswerSchema,
  'GET /api/admin/equipment': sharedEquipmentListAnswerSchema,
  'GET /api/admin/discounts': discountsResponseSchema,
  'GET /api/admin/settings/group-discount': groupDiscountResponseSchema,
  'GET /api/:studio': hallResponseSchema,

  // command-api
  'POST /api/holds': holdResponseSchema,
  'POST /api/waitlist': waitlistJoinAnswerSchema,
  'DELETE /api/waitlist/:id': waitlistLeaveAnswerSchema,
  'DELETE /api/holds/:holdId': holdReleaseAnswerSchema,
  'POST /api/bookings': staffCreateBookingAnswerSchema,
  'POST /api/:studio/bookings': staffCreateBookingAnswerSchema,
  'POST /api/bookings/intent': checkoutAnswerSchema,
  'PUT /api/bookings/:id/cancel': cancelBookingAnswerSchema,
  'POST /api/bookings/:id/reschedule': rescheduleAnswerSchema,
  'POST /api/bookings/:id/reschedule/quote': rescheduleQuoteAnswerSchema,
  'PUT /api/admin/policies': changePolicyWriteAnswerSchema,
  'POST /api/payments/notifications': paymentNotificationAnswerSchema,
  'GET /api/payment-intents/:intentId/sync': paymentSyncAnswerSchema,
  'POST /api/payment-intents/:intentId/pay-rest': payRestAnswerSchema,
  'POST /api/payments/:paymentId/pay-rest': payRestAnswerSchema,
  'POST /api/promocodes/use/:code': promoCheckResponseSchema,
  'POST /api/promocodes': promoCodeWriteAnswerSchema,
  'PUT /api/promocodes/:id': promoCodeWriteAnswerSchema,
  'DELETE /api/promocodes/:id': promoCodeDeleteAnswerSchema,
  'POST /api/auth/register': authWriteAnswerSchema,
  'POST /api/auth/login': authWriteAnswerSchema,
  'POST /api/auth/logout': signedOutAnswerSchema,
  'POST /api/auth/verify-phone': authWriteAnswerSchema,
  'POST /api/auth/resend-phone-code': phoneCodeSentAnswerSchema,
  'PUT /api/users/:id/profile': authWriteAnswerSchema,
  'PUT /api/users/:id/password': passwordChangeAnswerSchema,
  'POST /api/admin/login': staffLoginAnswerSchema,
  'POST /api/admin/logout': signedOutAnswerSchema,
  'PATCH /api/bookings/:id/notes': bookingNoteAnswerSchema,
  'PATCH /api/:studio/bookings/:id/notes': bookingNoteAnswerSchema,
  'DELETE /api/bookings/:id': bookingDeleteAnswerSchema,
  'DELETE /api/:studio/bookings/:id': bookingDeleteAnswerSchema,
  'POST /api/bookings/:id/refund': bookingRefundAnswerSchema,
  'POST /api/:studio/bookings/:id/refund': bookingRefundAnswerSchema,
  'POST /api/bookings/:id/mark-transfer-rest-paid': transferRestPaidAnswerSchema,
  'POST /api/:studio/bookings/:id/mark-transfer-rest-paid': transferRestPaidAnswerSchema,
  'PUT /api/admin/bookings/:id/transfer': bookingTransferAnswerSchema,
  'PUT /api/admin/:studio/bookings/:id/transfer': bookingTransferAnswerSchema,
  'POST /api/photographers': photographerWriteAnswerSchema,
  'PUT /api/photographers/:id': photographerWriteAnswerSchema,
  'DELETE /api/photographers/:id': photographerDeleteAnswerSchema,
  'PUT /api/photographers/:id/schedule': photographerScheduleAnswerSchema,
  'PUT /api/equipment/:id': sharedEquipmentAnswerSchema,
  'PUT /api/:studio/hall': hallWriteAnswerSchema,
  'PUT /api/pochta/:id': hallWriteAnswerSchema,
  'PUT /api/kirova/:id': hallWriteAnswerSchema,
  'PUT /api/masterskaya': hallWriteAnswerSchema,
  'POST /api/prices': pricesWriteAnswerSchema,
  'POST /api/:studio/prices': pricesWriteAnswerSchema,
  'PUT /api/prices/:id': pricesWriteAnswerSchema,
  'PUT /api/:studio/prices/:id': pricesWriteAnswerSchema,
  'POST /api/services': serviceWriteAnswerSchema,
  'POST /api/:studio/services': serviceWriteAnswerSchema,
  'PUT /api/services/:id': serviceWriteAnswerSchema,
  'PUT /api/:studio/services/:id': serviceWriteAnswerSchema,
  'DELETE /api/services/:id': serviceDeleteAnswerSchema,
  'DELETE /api/:studio/services/:id': serviceDeleteAnswerSchema,
  'PUT /api/formats/:format': formatWriteAnswerSchema,
  'PUT /api/:studio/formats/:format': formatWriteAnswerSchema,
  'POST /api/:studio/photos': hallPhotoUploadAnswerSchema,
  'DELETE /api/:studio/photos/:filename': hallPhotoDeleteAnswerSchema,
  'DELETE /api/:studio/photos': hallPhotoDeleteAnswerSchema,
  'POST /api/admin/discounts': discountWriteAnswerSchema,
  'PUT /api/admin/discounts/:id': discountWriteAnswerSchema,
  'DELETE /api/admin/discounts/:id': discountDeleteAnswerSchema,
  'PUT /api/admin/settings/group-discount': groupDiscountWriteAnswerSchema,
  'POST /api/admin/operations/projections/:name/rebuild': rebuildAnswerSchema,
  'POST /api/admin/calendar-feeds/:studio/rotate': calendarFeedRotatedAnswerSchema,
  'PUT /api/admin/notification-settings/:studio/telegram': telegramChatAnswerSchema,
  'POST /api/admin/admins': staffWriteAnswerSchema,
  'PUT /api/admin/:id': staffWriteAnswerSchema,
  'DELETE /api/admin/:id': staffDeleteAnswerSchema,
} as const satisfies Record<`${HttpMethod} /api${string}`, z.ZodType>;

export type HttpRoute = keyof typeof HTTP_ANSWERS;

const segmentsOf = (path: string) => path.split('/').filter(Boolean);
const ROUTES = Object.entries(HTTP_ANSWERS).map(([route, schema]) => {
  const [method, path] = route.split(' ') as [string, string];
  return { route: route as HttpRoute, method, segments: segmentsOf(path), schema: schema as z.ZodType };
});

/**
 * The route a request takes and the schema of its 2xx answer, undefined for a path no route
 * serves. Where several patterns match (`/api/services` is also `/api/:studio`), the one with a
 * fixed segment where the others have a parameter, leftmost first, wins: as the APIs mount them.
 */
export function answerSchemaOf(method: string, pathname: string): { route: HttpRoute; schema: z.ZodType } | undefined {
  const asked = segmentsOf(pathname);
  const candidates = ROUTES.filter(
    (r) => r.method === method.toUpperCase() && r.segments.length === asked.length && r.segments.every((segment, i) => segment.startsWith(':') || segment === asked[i]),
  );
  const fixedness = (segments: readonly string[]) => segments.map((segment) => (segment.startsWith(':') ? '0' : '1')).join('');
  const best = candidates.sort((a, b) => fixedness(b.segments).localeCompare(fixedness(a.segments)))[0];
  return best && { route: best.route, schema: best.schema };
}

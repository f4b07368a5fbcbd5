import type { Resource } from '../resource-time/events';
import type { Studio } from '../studios';

/** A waitlist line's key (docs/waitlist.md); the same fields as the waitlist events' line. */
interface WaitlistLineRef {
  studio: Studio;
  date: string;
  timeStart: string;
  timeEnd: string;
}

/**
 * Stream names per aggregate. A projection recognises an aggregate's events by the prefix of
 * their stream, so the prefix and the name builder live side by side.
 */
export const STREAM_PREFIXES = {
  studioDay: 'studio-day-',
  catalog: 'catalog-',
  photographers: 'photographers',
  photographerDay: 'photographer-day-',
  equipmentDay: 'equipment-day-',
  photographerSchedule: 'photographer-schedule-',
  sharedEquipment: 'shared-equipment',
  booking: 'booking-',
  paymentIntent: 'payment-intent-',
  promo: 'promo-',
  customer: 'customer-',
  customerPhone: 'customer-phone-',
  staffMember: 'admin-',
  staffLogin: 'admin-login-',
  hallPhoto: 'hall-photo-',
  superRoster: 'staff-supers',
  projectionOperations: 'operations-projections',
  waitlist: 'waitlist-',
  changePolicy: 'change-policy-',
} as const;

export const studioDayStream = (studio: Studio, date: string) => `${STREAM_PREFIXES.studioDay}${studio}-${date}`;
export const catalogStream = (studio: Studio) => `${STREAM_PREFIXES.catalog}${studio}`;
export const PHOTOGRAPHERS_STREAM = STREAM_PREFIXES.photographers;
/**
 * One photographer's (or one shared equipment item's) half-hour cells for one day across every
 * studio: its optimistic append is what makes the resource's double booking impossible, as the
 * studio-day stream does for a hall (docs/photographers.md).
 */
export const resourceDayStream = (resource: Resource, date: string) =>
  `${resource.kind === 'photographer' ? STREAM_PREFIXES.photographerDay : STREAM_PREFIXES.equipmentDay}${resource.id}-${date}`;
/** One photographer's working schedule (docs/photographers.md). */
export const photographerScheduleStream = (photographerId: string) => `${STREAM_PREFIXES.photographerSchedule}${photographerId}`;
/** Every shared equipment item (its count and the services that are it), in one stream. */
export const SHARED_EQUIPMENT_STREAM = STREAM_PREFIXES.sharedEquipment;
export const bookingStream = (bookingId: string) => `${STREAM_PREFIXES.booking}${bookingId}`;
export const paymentIntentStream = (intentId: string) => `${STREAM_PREFIXES.paymentIntent}${intentId}`;
/** Promo codes are case-insensitive: the stream is named by the upper-cased code. */
export const promoStream = (code: string) => `${STREAM_PREFIXES.promo}${code.toUpperCase()}`;
/** A customer's account; its prefix also begins `customer-phone-`, so a projection tells them apart by event type. */
export const customerStream = (customerId: string) => `${STREAM_PREFIXES.customer}${customerId}`;
/** One account per phone: the stream is named by the E.164 number and claimed once. */
export const customerPhoneStream = (e164: string) => `${STREAM_PREFIXES.customerPhone}${e164}`;
/** A staff member (administrator or super-administrator); its prefix also begins `admin-login-`, so a projection tells them apart by event type. */
export const staffMemberStream = (staffId: string) => `${STREAM_PREFIXES.staffMember}${staffId}`;
/** One staff member per login: the stream is named by the login as stored (lower case) and claimed once. */
export const staffLoginStream = (login: string) => `${STREAM_PREFIXES.staffLogin}${login}`;
/** One uploaded hall photo, from its upload to its web image (or its failure) and removal. */
export const hallPhotoStream = (photoId: string) => `${STREAM_PREFIXES.hallPhoto}${photoId}`;
/** Which staff members are super administrators, in one stream, so «not the last one» is decided where every super is seen. */
export const SUPER_ROSTER_STREAM = STREAM_PREFIXES.superRoster;
/** Operators' actions on the projections (rebuild requests and their outcomes), in one stream. */
export const PROJECTION_OPERATIONS_STREAM = STREAM_PREFIXES.projectionOperations;
/** One waitlist line: a studio, a date and a range, e.g. `waitlist-pochta-2026-12-05-1400-1600`. */
export const waitlistStream = ({ studio, date, timeStart, timeEnd }: WaitlistLineRef) => `${STREAM_PREFIXES.waitlist}${studio}-${date}-${timeStart.replace(':', '')}-${timeEnd.replace(':', '')}`;
/** A studio's change policy, every version of it (docs/change-policy.md). */
export const changePolicyStream = (studio: Studio) => `${STREAM_PREFIXES.changePolicy}${studio}`;

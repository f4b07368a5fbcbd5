import type { Studio } from '../studios';

/**
 * Stream names per aggregate. A projection recognises an aggregate's events by the prefix of
 * their stream, so the prefix and the name builder live side by side.
 */
export const STREAM_PREFIXES = {
  studioDay: 'studio-day-',
  catalog: 'catalog-',
  photographers: 'photographers',
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
  changePolicy: 'change-policy-',
} as const;

export const studioDayStream = (studio: Studio, date: string) => `${STREAM_PREFIXES.studioDay}${studio}-${date}`;
export const catalogStream = (studio: Studio) => `${STREAM_PREFIXES.catalog}${studio}`;
export const PHOTOGRAPHERS_STREAM = STREAM_PREFIXES.photographers;
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
/** A studio's change policy, every version of it (docs/change-policy.md). */
export const changePolicyStream = (studio: Studio) => `${STREAM_PREFIXES.changePolicy}${studio}`;

import { DISCOUNT_FORM_MESSAGES, PHOTOGRAPHER_FORM_MESSAGES, PRICE_MESSAGES, SERVICE_MESSAGES } from '../../catalog/messages';
import { PROMO_FORM_MESSAGES } from '../../promo/terms';
import { STAFF_BOOKING_MESSAGES } from './admin-create-booking';
import { STAFF_FORM_MESSAGES } from './admins';

/**
 * The forms' refusals in the words each feature page's «Messages» gives them (e.g. docs/catalog.md#messages). A form shows
 * the server's text as it comes, so an API sends one of these as it is, the field in `field`
 * only; any other reason of a schema goes after its field's name («name: не длиннее 200 символов»).
 */
export const SPEC_MESSAGES: ReadonlySet<string> = new Set<string>(
  [SERVICE_MESSAGES, PRICE_MESSAGES, DISCOUNT_FORM_MESSAGES, PHOTOGRAPHER_FORM_MESSAGES, PROMO_FORM_MESSAGES, STAFF_FORM_MESSAGES, STAFF_BOOKING_MESSAGES].flatMap((messages) => Object.values(messages)),
);

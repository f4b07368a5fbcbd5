import { parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * A phone number as typed (the site's mask +7 (999) 123-45-67, or a bare 8 999… which is read as
 * Russian) in E.164, or null when it is no valid number. Every phone is kept in this one spelling,
 * so one person's number names one account.
 */
export function toE164(typed: string): string | null {
  const phone = parsePhoneNumberFromString(typed, 'RU');
  return phone?.isValid() ? phone.number : null;
}

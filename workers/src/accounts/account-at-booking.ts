import {
  bookingAggregate,
  bookingEventSchemas,
  bookingStream,
  customerAggregate,
  customerPhoneStream,
  customerStream,
  DomainError,
  e164PhoneSchema,
  phoneClaimAggregate,
  type BookingEvent,
  type Clock,
} from '@studio/domain';
import { claimPhone, defineProcess, hashPassword, type OnceSender, type SmsMessage } from '@studio/platform';
import { accountIdForBooking, accountNameOf, generatePassword, passwordSmsText } from './account-details';

type Confirmed = Extract<BookingEvent, { type: 'BookingConfirmed' }>;

export const passwordSmsKey = (customerId: string) => `account-password:${customerId}`;

/**
 * A guest's paid booking opens an account with the booking's phone as the login, and the password
 * goes to that phone by SMS (docs/cabinet.md#what-it-does). A phone that already has an account gets none:
 * the cabinet shows a guest's bookings by phone. A customer's own booking (it names a userId)
 * needs none either.
 *
 * Once, across replays and crashes. The account's id is derived from the booking, so a repeat finds
 * the account it opened. The password exists only in this handler's memory and in the SMS that
 * carries it: the events hold its argon2id hash, and the SMS port sends the key
 * `account-password:{customerId}` at most once. So a repeat:
 * - after the SMS went out: finds the key sent and does nothing;
 * - after the account was opened but before the SMS went out (a crash, a failed send): cannot send
 *   the first password, which nobody kept, so it sets a new one (CustomerPasswordChanged) and sends
 *   that; the old one was never told to anyone;
 * - a crash after the port claimed the key but before SMS.ru answered leaves the claim `sending`:
 *   within its lease `wasSent` throws (DeliveryInProgress) and the runtime hands the event over
 *   again; past it `wasSent` is false, since SMS.ru cannot be asked by our key, so a new password is
 *   set and sent. Had the first SMS gone out after all, the phone gets two, and the later one's
 *   password is the one that works.
 * A registration racing for the phone (the claim is refused) withdraws this account, as /register does.
 */
export const accountAtBooking = (sms: OnceSender<SmsMessage>, clock: Clock) =>
  defineProcess<Confirmed>({
    name: 'accounts-at-booking',
    reactsTo: { BookingConfirmed: bookingEventSchemas.BookingConfirmed },
    async handle(event, { commands, context }) {
      const { bookingId } = event.data;
      const { booking } = (await commands.read(bookingAggregate, bookingStream(bookingId))).state;
      if (!booking) throw new Error(`Booking ${bookingId} was confirmed but never placed`);
      if (booking.customer.userId) return;
      const phone = e164PhoneSchema.parse(`+${booking.customer.phone}`);
      const customerId = accountIdForBooking(bookingId);
      const claim = (await commands.read(phoneClaimAggregate, customerPhoneStream(phone))).state;
      if (claim.customerId !== null && claim.customerId !== customerId) return;
      const account = (await commands.read(customerAggregate, customerStream(customerId))).state;
      if (account.withdrawn) return;
      const dedupeKey = passwordSmsKey(customerId);
      if (await sms.wasSent(dedupeKey)) return;

      const password = generatePassword();
      const passwordHash = await hashPassword(password);
      if (account.customer) {
        await commands.handle(customerAggregate, { type: 'ChangeCustomerPassword', data: { customerId, passwordHash } }, context);
      } else {
        const data = { customerId, ...accountNameOf(booking.customer.name), email: booking.customer.email, phone, passwordHash, viaBookingId: bookingId, now: clock.now() };
        await commands.handle(customerAggregate, { type: 'RegisterCustomer', data }, context);
      }
      try {
        await claimPhone(commands, phone, customerId, context);
      } catch (error) {
        if (error instanceof DomainError && error.code === 'phone_taken') return;
        throw error;
      }
      await sms.send({ to: phone, text: passwordSmsText(phone, password), dedupeKey });
    },
  });

import { createHash, randomInt, randomUUID } from 'node:crypto';
import {
  checkPhoneFree,
  customerAggregate,
  customerPhoneStream,
  customerStream,
  DomainError,
  phoneClaimAggregate,
  wrongPhoneCode,
  type Customer,
  type CustomerCommand,
} from '@studio/domain';
import type { CommandContext, CommandHandler } from '../commands/handle-command';
import type { OnceSender } from '../messaging/deliveries';
import { hashPassword, verifyPassword } from '../passwords/password-hashing';
import type { SmsMessage } from '../sms/sms-sender';

type Profile = Omit<Extract<CustomerCommand, { type: 'RegisterCustomer' }>['data'], 'customerId' | 'passwordHash' | 'now' | 'viaBookingId'>;

/**
 * The account's claim on its phone, which decides a race between two registrations of one phone.
 * The loser's registration is withdrawn and the refusal goes on. Any other failure may have
 * claimed the phone after all, and withdrawing would then leave it claimed by no account: that
 * registration is left as it is.
 */
export async function claimPhone(commands: CommandHandler, phone: string, customerId: string, context: CommandContext) {
  try {
    return await commands.handle(phoneClaimAggregate, { type: 'ClaimCustomerPhone', data: { phone, customerId } }, context);
  } catch (error) {
    if (error instanceof DomainError && error.code === 'phone_taken') {
      await commands.handle(customerAggregate, { type: 'WithdrawCustomerRegistration', data: { customerId, reason: 'phone_taken' } }, context);
    }
    throw error;
  }
}

/**
 * The hash a phone code is kept and compared as. Salted with the account, so one code typed to
 * two accounts does not match across them; the code itself is only ever in the SMS.
 */
export const phoneCodeHash = (customerId: string, code: string) => createHash('sha256').update(`${customerId}:${code}`).digest('hex');

export const phoneCodeSmsText = (code: string) => `Код подтверждения телефона: ${code}. Никому его не сообщайте`;

/**
 * A new 6-digit code for the account's phone: recorded (PhoneCodeSent, refused during the resend
 * cooldown or once the phone is verified), then sent by SMS once per code. A failed send throws,
 * unless `undelivered` takes it (the code stays recorded; a resend after the cooldown sends another).
 */
export async function sendPhoneCode(
  commands: CommandHandler,
  sms: OnceSender<SmsMessage>,
  customerId: string,
  context: CommandContext,
  now: Date,
  undelivered?: (error: unknown) => void,
) {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const sent = await commands.handle(customerAggregate, { type: 'SendPhoneCode', data: { customerId, codeHash: phoneCodeHash(customerId, code), now } }, context);
  const { customer, phoneCode } = sent.state;
  const delivery = sms.send({ to: customer!.phone, text: phoneCodeSmsText(code), dedupeKey: `phone-code:${customerId}:${phoneCode!.sentAt}` });
  await (undelivered ? delivery.catch(undelivered) : delivery);
  return sent;
}

/** The code typed in the cabinet: the phone verified, or the wrong guess recorded and then refused (400 at `code`). */
export async function verifyPhone(commands: CommandHandler, customerId: string, code: string, context: CommandContext, now: Date) {
  const result = await commands.handle(customerAggregate, { type: 'VerifyPhone', data: { customerId, codeHash: phoneCodeHash(customerId, code), now } }, context);
  const [event] = result.events;
  if (event?.type === 'PhoneCodeRejected') throw wrongPhoneCode(event.data.attemptsLeft);
  return result;
}

/**
 * A customer's own registration: refused before any hashing or writing when the phone has an
 * account; the account, then its claim on the phone, then a code to prove the phone (the phone
 * gives the account nothing until it is typed back). Every event names the new customer.
 */
export async function registerCustomer(commands: CommandHandler, sms: OnceSender<SmsMessage>, profile: Profile & { password: string }, context: CommandContext, now: Date) {
  const { password, ...fields } = profile;
  checkPhoneFree((await commands.read(phoneClaimAggregate, customerPhoneStream(fields.phone))).state);
  const customerId = randomUUID();
  const as = { ...context, actor: `customer:${customerId}` };
  const passwordHash = await hashPassword(password);
  await commands.handle(customerAggregate, { type: 'RegisterCustomer', data: { customerId, ...fields, passwordHash, now } }, as);
  await claimPhone(commands, fields.phone, customerId, as);
  // The account is open whatever the SMS provider says: the cabinet's resend tries again.
  const coded = await sendPhoneCode(commands, sms, customerId, as, now, (error) =>
    console.error(`[accounts] the phone code of ${customerId} was not sent: ${error instanceof Error ? error.message : String(error)}`),
  );
  return { customer: coded.state.customer!, phoneVerified: coded.state.phoneVerified, position: coded.position };
}

/** One answer for an unknown phone and a wrong password, so the answer does not tell which accounts exist. */
const invalidCredentials = () => new DomainError('unauthorized', 'invalid_credentials', 'Неверный телефон или пароль');

/** The account a phone and password sign in to, as its streams say now, with the position of its last event. */
export async function authenticateCustomer(commands: CommandHandler, phone: string, password: string): Promise<{ customer: Customer; phoneVerified: boolean; position: string | null }> {
  const { customerId } = (await commands.read(phoneClaimAggregate, customerPhoneStream(phone))).state;
  const account = customerId ? await commands.read(customerAggregate, customerStream(customerId)) : null;
  const customer = account?.state.customer && !account.state.withdrawn ? account.state.customer : null;
  // Hashed even for an unknown phone, so the time taken does not tell either.
  const matches = await verifyPassword(customer?.passwordHash ?? null, password);
  if (!customer || !matches) throw invalidCredentials();
  return { customer, phoneVerified: account!.state.phoneVerified, position: account!.position };
}

export interface PasswordChange {
  customerId: string;
  currentPassword: string;
  newPassword: string;
}

/**
 * A customer's new password, given the current one. `countGuess` is asked first with the account's
 * phone: a wrong current password is one more guess at the account, counted with its logins.
 */
export async function changeCustomerPassword(commands: CommandHandler, change: PasswordChange, context: CommandContext, countGuess: (phone: string) => Promise<void>) {
  const { customerId, currentPassword, newPassword } = change;
  const { state } = await commands.read(customerAggregate, customerStream(customerId));
  if (!state.customer) throw new DomainError('not_found', 'customer_not_found', 'Пользователь не найден');
  await countGuess(state.customer.phone);
  if (!(await verifyPassword(state.customer.passwordHash, currentPassword))) {
    throw new DomainError('validation', 'wrong_current_password', 'Неверный текущий пароль', 'currentPassword');
  }
  const passwordHash = await hashPassword(newPassword);
  return commands.handle(customerAggregate, { type: 'ChangeCustomerPassword', data: { customerId, passwordHash } }, context);
}

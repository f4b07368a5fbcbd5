import { randomUUID } from 'node:crypto';
import { checkPhoneFree, customerAggregate, customerPhoneStream, customerStream, DomainError, phoneClaimAggregate, type Customer, type CustomerCommand } from '@studio/domain';
import type { CommandContext, CommandHandler } from '../commands/handle-command';
import { hashPassword, verifyPassword } from '../passwords/password-hashing';

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
 * A customer's own registration: refused before any hashing or writing when the phone has an
 * account; the account, then its claim on the phone. Every event names the new customer.
 */
export async function registerCustomer(commands: CommandHandler, profile: Profile & { password: string }, context: CommandContext, now: Date) {
  const { password, ...fields } = profile;
  checkPhoneFree((await commands.read(phoneClaimAggregate, customerPhoneStream(fields.phone))).state);
  const customerId = randomUUID();
  const as = { ...context, actor: `customer:${customerId}` };
  const passwordHash = await hashPassword(password);
  const registered = await commands.handle(customerAggregate, { type: 'RegisterCustomer', data: { customerId, ...fields, passwordHash, now } }, as);
  const claimed = await claimPhone(commands, fields.phone, customerId, as);
  return { customer: registered.state.customer!, position: claimed.position };
}

/** One answer for an unknown phone and a wrong password, so the answer does not tell which accounts exist. */
const invalidCredentials = () => new DomainError('unauthorized', 'invalid_credentials', 'Неверный телефон или пароль');

/** The account a phone and password sign in to, as its streams say now, with the position of its last event. */
export async function authenticateCustomer(commands: CommandHandler, phone: string, password: string): Promise<{ customer: Customer; position: string | null }> {
  const { customerId } = (await commands.read(phoneClaimAggregate, customerPhoneStream(phone))).state;
  const account = customerId ? await commands.read(customerAggregate, customerStream(customerId)) : null;
  const customer = account?.state.customer && !account.state.withdrawn ? account.state.customer : null;
  // Hashed even for an unknown phone, so the time taken does not tell either.
  const matches = await verifyPassword(customer?.passwordHash ?? null, password);
  if (!customer || !matches) throw invalidCredentials();
  return { customer, position: account!.position };
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

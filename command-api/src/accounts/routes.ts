import { randomUUID } from 'node:crypto';
import { Router, type Request, type RequestHandler, type Response } from 'express';
import { checkPhoneFree, customerAggregate, customerPhoneStream, customerStream, DomainError, phoneClaimAggregate, type AuthUser, type Customer } from '@studio/domain';
import { customerSessions, hashPassword, parseInput, requireSessionCustomer, verifyPassword } from '@studio/platform';
import type { CommandApiDeps } from '../http/app';
import { commandContext } from '../http/context';
import { requestClientOf, takeOrRefuse } from '../http/rate-limit';
import { LOGIN_REFUSAL } from './login-rate-limit';
import { CAPTCHA_MESSAGE, loginRequestSchema, passwordChangeRequestSchema, profileRequestSchema, registerRequestSchema } from './schemas';

const userOf = (customer: Customer): AuthUser => ({
  id: customer.id,
  name: customer.name,
  surname: customer.surname,
  email: customer.email,
  phone: customer.phone,
  created_at: customer.registeredAt,
});

/** One answer for an unknown phone and a wrong password, so the answer does not tell which accounts exist. */
const invalidCredentials = () => new DomainError('unauthorized', 'invalid_credentials', 'Неверный телефон или пароль');

/** Shares the per-phone count with logins: a wrong current password is one more guess at the account. */
const PASSWORD_REFUSAL = 'Слишком много попыток ввода пароля.';

/**
 * POST /api/auth/register, /api/auth/login and /api/auth/logout, PUT /api/users/{id}/profile and
 * /api/users/{id}/password (customer-booking §2, §5, §7).
 */
export function createAccountsRouter(deps: CommandApiDeps, guards: RequestHandler[]): Router {
  const { commands, pool, loginLimiters } = deps;
  const router = Router();

  async function requireHuman(req: Request, token: string): Promise<void> {
    if (!(await deps.captcha.verify(token, req.ip ?? ''))) throw new DomainError('validation', 'captcha_failed', CAPTCHA_MESSAGE, 'captchaToken');
  }

  /** The account a phone belongs to, as its streams say now, with the position of its last event. */
  async function accountOf(phone: string) {
    const { customerId } = (await commands.read(phoneClaimAggregate, customerPhoneStream(phone))).state;
    if (!customerId) return null;
    const { state, position } = await commands.read(customerAggregate, customerStream(customerId));
    return state.customer && !state.withdrawn ? { customer: state.customer, position } : null;
  }

  router.post('/auth/register', ...guards, async (req, res) => {
    const { captchaToken, password, ...profile } = parseInput(registerRequestSchema, req.body);
    // Counted per address: each registration hashes a password, which is what a flood would aim at.
    await takeOrRefuse(loginLimiters.perIp, requestClientOf(req), LOGIN_REFUSAL);
    await requireHuman(req, captchaToken);
    // Refused here before any hashing or writing; the claim below still decides a race.
    checkPhoneFree((await commands.read(phoneClaimAggregate, customerPhoneStream(profile.phone))).state);

    const customerId = randomUUID();
    const context = { ...commandContext(res), actor: `customer:${customerId}` };
    const passwordHash = await hashPassword(password);
    const registered = await commands.handle(customerAggregate, { type: 'RegisterCustomer', data: { customerId, ...profile, passwordHash, now: deps.clock.now() } }, context);
    let claimed;
    try {
      claimed = await commands.handle(phoneClaimAggregate, { type: 'ClaimCustomerPhone', data: { phone: profile.phone, customerId } }, context);
    } catch (error) {
      // Another registration took the phone meanwhile. Any other failure may have claimed it after
      // all, and withdrawing would then leave the phone claimed by no account: that one is left as is.
      if (error instanceof DomainError && error.code === 'phone_taken') {
        await commands.handle(customerAggregate, { type: 'WithdrawCustomerRegistration', data: { customerId, reason: 'phone_taken' } }, context);
      }
      throw error;
    }
    await customerSessions.open(pool, customerId, req, res);
    res.status(201).json({ success: true, user: userOf(registered.state.customer!), position: claimed.position });
  });

  router.post('/auth/login', ...guards, async (req, res) => {
    const { phone, password, captchaToken } = parseInput(loginRequestSchema, req.body);
    // Before the hashing, which is the cost a guesser would make us pay.
    await takeOrRefuse(loginLimiters.perIp, requestClientOf(req), LOGIN_REFUSAL);
    await takeOrRefuse(loginLimiters.perPhone, phone, LOGIN_REFUSAL);
    await requireHuman(req, captchaToken);
    const account = await accountOf(phone);
    const matches = await verifyPassword(account?.customer.passwordHash ?? null, password);
    if (!account || !matches) throw invalidCredentials();
    await customerSessions.open(pool, account.customer.id, req, res);
    res.json({ success: true, user: userOf(account.customer), position: account.position });
  });

  /** The signed-in customer, who alone may change account `id`: 401 without a session, 403 for someone else's account. */
  async function requireOwner(req: Request, res: Response): Promise<string> {
    const customerId = await requireSessionCustomer(pool, req);
    if (req.params.id !== customerId) throw new DomainError('forbidden', 'not_your_account', 'Нельзя изменять чужой профиль');
    res.locals.actor = `customer:${customerId}`;
    return customerId;
  }

  router.put('/users/:id/profile', ...guards, async (req, res) => {
    const customerId = await requireOwner(req, res);
    const profile = parseInput(profileRequestSchema, req.body);
    const changed = await commands.handle(customerAggregate, { type: 'ChangeCustomerProfile', data: { customerId, ...profile } }, commandContext(res));
    res.json({ success: true, user: userOf(changed.state.customer!), position: changed.position });
  });

  router.put('/users/:id/password', ...guards, async (req, res) => {
    const customerId = await requireOwner(req, res);
    const { currentPassword, newPassword } = parseInput(passwordChangeRequestSchema, req.body);
    const { state } = await commands.read(customerAggregate, customerStream(customerId));
    if (!state.customer) throw new DomainError('not_found', 'customer_not_found', 'Пользователь не найден');
    await takeOrRefuse(loginLimiters.perPhone, state.customer.phone, PASSWORD_REFUSAL);
    if (!(await verifyPassword(state.customer.passwordHash, currentPassword))) {
      throw new DomainError('validation', 'wrong_current_password', 'Неверный текущий пароль', 'currentPassword');
    }
    const passwordHash = await hashPassword(newPassword);
    const changed = await commands.handle(customerAggregate, { type: 'ChangeCustomerPassword', data: { customerId, passwordHash } }, commandContext(res));
    // Whoever else knew the old password is signed out; the session that changed it stays.
    await customerSessions.revokeAll(pool, customerId, req);
    res.json({ success: true, position: changed.position });
  });

  router.post('/auth/logout', ...guards, async (req, res) => {
    await customerSessions.close(pool, req, res);
    res.json({ success: true });
  });

  return router;
}

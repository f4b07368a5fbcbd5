import { Router, type Request, type RequestHandler, type Response } from 'express';
import {
  authWriteAnswerSchema,
  customerAggregate,
  DomainError,
  phoneCodeResendIn,
  phoneCodeSentAnswerSchema,
  signedOutAnswerSchema,
  passwordChangeAnswerSchema,
  type AuthUser,
  type Customer,
} from '@studio/domain';
import {
  authenticateCustomer,
  changeCustomerPassword,
  customerSessions,
  parseInput,
  registerCustomer,
  requestClientOf,
  requireSessionCustomer,
  sendPhoneCode,
  takeOrRefuse,
  verifyPhone,
} from '@studio/platform';
import type { CommandApiDeps } from '../http/app';
import { writeRoute } from '../http/write-route';
import { accountFromClient, LOGIN_REFUSAL } from './login-rate-limit';
import { CAPTCHA_MESSAGE, loginRequestSchema, passwordChangeRequestSchema, profileRequestSchema, registerRequestSchema, verifyPhoneRequestSchema } from './schemas';

const userOf = ({ customer, phoneVerified }: { customer: Customer; phoneVerified: boolean }): AuthUser => ({
  id: customer.id,
  name: customer.name,
  surname: customer.surname,
  email: customer.email,
  phone: customer.phone,
  created_at: customer.registeredAt,
  phone_verified: phoneVerified,
});

/** Shares the per-phone count with logins: a wrong current password is one more guess at the account. */
const PASSWORD_REFUSAL = 'Слишком много попыток ввода пароля.';

/**
 * POST /api/auth/register, /api/auth/login and /api/auth/logout, PUT /api/users/{id}/profile and
 * /api/users/{id}/password (docs/cabinet.md#what-it-does, docs/cabinet.md#rules, docs/cabinet.md#calls-and-who-may-make-them); POST /api/auth/verify-phone and
 * /api/auth/resend-phone-code, the proof that the signed-in customer has the account's phone.
 */
export function accountsRoutes(deps: CommandApiDeps, guards: RequestHandler[]): Router {
  const { commands, pool, loginLimiters } = deps;

  async function requireHuman(req: Request, token: string): Promise<void> {
    if (!(await deps.captcha.verify(token, req.ip ?? ''))) throw new DomainError('validation', 'captcha_failed', CAPTCHA_MESSAGE, 'captchaToken');
  }

  /** The signed-in customer, named as the actor of what follows (401 without a session). */
  async function requireCustomer(req: Request, res: Response): Promise<string> {
    const customerId = await requireSessionCustomer(pool, req);
    res.locals.actor = `customer:${customerId}`;
    return customerId;
  }

  /** The signed-in customer, who alone may change account `id`: 401 without a session, 403 for someone else's account. */
  async function requireOwner(req: Request, res: Response): Promise<string> {
    const customerId = await requireSessionCustomer(pool, req);
    if (req.params.id !== customerId) throw new DomainError('forbidden', 'not_your_account', 'Нельзя изменять чужой профиль');
    res.locals.actor = `customer:${customerId}`;
    return customerId;
  }

  return Router()
    .post(
      '/auth/register',
      ...guards,
      writeRoute(deps, {
        answer: authWriteAnswerSchema,
        status: 201,
        parse: async (req) => {
          const { captchaToken, ...registration } = parseInput(registerRequestSchema, req.body);
          // Counted per address: each registration hashes a password, which is what a flood would aim at.
          await takeOrRefuse(loginLimiters.perIp, requestClientOf(req), LOGIN_REFUSAL);
          await requireHuman(req, captchaToken);
          return registration;
        },
        run: async (registration, { context, req, res }) => {
          const registered = await registerCustomer(commands, deps.sms, registration, context, deps.clock.now());
          await customerSessions.open(pool, registered.customer.id, req, res);
          return registered;
        },
        present: (account) => ({ user: userOf(account) }),
      }),
    )
    .post(
      '/auth/login',
      ...guards,
      writeRoute(deps, {
        answer: authWriteAnswerSchema,
        parse: async (req) => {
          const { phone, password, captchaToken } = parseInput(loginRequestSchema, req.body);
          // Before the hashing, which is the cost a guesser would make us pay.
          const client = requestClientOf(req);
          await takeOrRefuse(loginLimiters.perIp, client, LOGIN_REFUSAL);
          await takeOrRefuse(loginLimiters.perPhoneAndIp, accountFromClient(phone, client), LOGIN_REFUSAL);
          await takeOrRefuse(loginLimiters.perPhone, phone, LOGIN_REFUSAL);
          await requireHuman(req, captchaToken);
          return { phone, password };
        },
        run: async ({ phone, password }, { req, res }) => {
          const account = await authenticateCustomer(commands, phone, password);
          await customerSessions.open(pool, account.customer.id, req, res);
          return account;
        },
        present: (account) => ({ user: userOf(account) }),
      }),
    )
    .put(
      '/users/:id/profile',
      ...guards,
      writeRoute(deps, {
        answer: authWriteAnswerSchema,
        parse: async (req, res) => ({ customerId: await requireOwner(req, res), ...parseInput(profileRequestSchema, req.body) }),
        run: (profile, { decide }) => decide(customerAggregate, { type: 'ChangeCustomerProfile', data: profile }),
        present: ({ state }) => ({ user: userOf({ customer: state.customer!, phoneVerified: state.phoneVerified }) }),
      }),
    )
    .put(
      '/users/:id/password',
      ...guards,
      writeRoute(deps, {
        answer: passwordChangeAnswerSchema,
        parse: async (req, res) => ({ customerId: await requireOwner(req, res), ...parseInput(passwordChangeRequestSchema, req.body) }),
        run: async (change, { context, req }) => {
          // Counted with the logins at the phone from this address: a guess at the password is a guess either way.
          const changed = await changeCustomerPassword(commands, change, context, async (phone) => {
            await takeOrRefuse(loginLimiters.perPhoneAndIp, accountFromClient(phone, requestClientOf(req)), PASSWORD_REFUSAL);
            await takeOrRefuse(loginLimiters.perPhone, phone, PASSWORD_REFUSAL);
          });
          // Whoever else knew the old password is signed out; the session that changed it stays.
          await customerSessions.revokeAll(pool, change.customerId, req);
          return changed;
        },
        present: () => ({}),
      }),
    )
    .post(
      '/auth/verify-phone',
      ...guards,
      writeRoute(deps, {
        answer: authWriteAnswerSchema,
        parse: async (req, res) => ({ customerId: await requireCustomer(req, res), ...parseInput(verifyPhoneRequestSchema, req.body) }),
        run: ({ customerId, code }, { context }) => verifyPhone(commands, customerId, code, context, deps.clock.now()),
        present: ({ state }) => ({ user: userOf({ customer: state.customer!, phoneVerified: state.phoneVerified }) }),
      }),
    )
    .post(
      '/auth/resend-phone-code',
      ...guards,
      writeRoute(deps, {
        answer: phoneCodeSentAnswerSchema,
        parse: (req, res) => requireCustomer(req, res),
        run: (customerId, { context }) => sendPhoneCode(commands, deps.sms, customerId, context, deps.clock.now()),
        present: ({ state }) => ({ resend_in_seconds: phoneCodeResendIn(state, deps.clock.now()) }),
      }),
    )
    .post(
      '/auth/logout',
      ...guards,
      writeRoute(deps, {
        answer: signedOutAnswerSchema,
        parse: () => undefined,
        run: (_input, { req, res }) => customerSessions.close(pool, req, res),
        present: () => ({}),
      }),
    );
}

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { customerPhoneStream, SANDBOX_CAPTCHA_TOKEN } from '@studio/domain';
import { customerSessions } from '@studio/platform';
import { committedEvents } from '@studio/platform/testing';
import { openStack, postJson, type JsonAnswer, type Stack } from '@studio/e2e/kit';

const PER_PHONE = 4;
const PER_IP = 6;
const PHONE_CEILING = 10;
/** Every password this file types: none may show up anywhere but in the requests that carry it. */
const PASSWORDS = ['Пароль-Анны-42', 'совсем-не-тот-1', 'Пароль-Бориса-7', 'Пароль-гонки-9', 'Новый-пароль-Веры-5'];
const [ANNA, WRONG, BORIS, RACE, VERA] = PASSWORDS as [string, string, string, string, string];

let h: Stack;
const logged: string[] = [];
beforeAll(async () => {
  for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void logged.push(args.map((a) => (a instanceof Error ? `${a.message}\n${a.stack}` : JSON.stringify(a))).join(' ')));
  }
  h = await openStack({
    name: 'accounts',
    commandApi: {
      loginRateLimits: { perIp: { max: PER_IP, windowMs: 60_000 }, perPhoneAndIp: { max: PER_PHONE, windowMs: 60_000 }, perPhone: { max: PHONE_CEILING, windowMs: 60_000 } },
    },
    queryApi: true,
    projections: true,
  });
});
afterAll(async () => {
  await h?.stop();
  vi.restoreAllMocks();
});

let lastIp = 0;
/** Each call from an address of its own (as the trusted gateway forwards it), so only the rate-limit tests share one. */
const freshIp = () => `198.51.100.${++lastIp}`;
let lastPhone = 0;
const freshPhone = () => `+7 (912) 000-${String(Math.floor(++lastPhone / 100)).padStart(2, '0')}-${String(lastPhone % 100).padStart(2, '0')}`;

const post = (path: string, body: unknown, headers: Record<string, string> = {}) => postJson(h.commandUrl, path, body, 'POST', { 'x-forwarded-for': freshIp(), ...headers });
const registration = (phone: string, password = ANNA) => ({ name: 'Анна', surname: 'Иванова', email: 'anna@example.ru', password, phone, captchaToken: SANDBOX_CAPTCHA_TOKEN });
const login = (phone: string, password: string, headers: Record<string, string> = {}) => post('/api/auth/login', { phone, password, captchaToken: SANDBOX_CAPTCHA_TOKEN }, headers);

const setCookieOf = (res: JsonAnswer) => res.headers.getSetCookie().find((c) => c.startsWith('session='));
/** The `session=…` pair a browser would send back. */
const cookieOf = (res: JsonAnswer) => setCookieOf(res)!.split(';')[0]!;
const me = (cookie: string, position?: string) => h.query('/api/auth/me', { cookie, ...(position ? { 'x-read-position': position } : {}) });
const eventCount = async () => (await committedEvents(h.db.url)).length;

describe('POST /api/auth/register', () => {
  it('opens the account, signs the customer in with an httpOnly SameSite=Lax cookie, and /api/auth/me answers the user', async () => {
    const res = await post('/api/auth/register', registration('+7 (999) 123-45-67'));
    expect(res.status).toBe(201);
    // Unverified until the code the registration sent by SMS is typed back (e2e/phone-verification.int.spec.ts).
    const user = { id: expect.any(String) as string, name: 'Анна', surname: 'Иванова', email: 'anna@example.ru', phone: '+79991234567', created_at: expect.any(String) as string, phone_verified: false };
    expect(res.body).toEqual({ success: true, user, position: expect.any(String) as string });

    const cookie = setCookieOf(res)!;
    expect(cookie).toMatch(/^session=[A-Za-z0-9_-]{43};/);
    const attributes = cookie.split('; ').slice(1);
    expect(attributes).toEqual(expect.arrayContaining(['Path=/', 'HttpOnly', 'SameSite=Lax']));
    expect(attributes.some((a) => a.startsWith('Expires='))).toBe(true);
    // Plain http here: a Secure cookie would never be sent back.
    expect(attributes).not.toContain('Secure');

    const answer = await me(cookieOf(res), res.body.position);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true, user: res.body.user });
  });

  it('names the customer as the actor of every event it writes, and keeps the phone in E.164', async () => {
    const res = await post('/api/auth/register', registration('8 (999) 222-33-44'));
    expect(res.status).toBe(201);
    const { rows } = await h.pool.query<{ stream_name: string; type: string; data: { phone: string }; metadata: { actor: string } }>(
      `SELECT stream_name, type, data, metadata FROM events WHERE stream_name IN ($1, $2) ORDER BY global_position`,
      [`customer-${res.body.user.id}`, customerPhoneStream('+79992223344')],
    );
    expect(rows.map((r) => [r.type, r.data.phone, r.metadata.actor])).toEqual([
      ['CustomerRegistered', '+79992223344', `customer:${res.body.user.id}`],
      ['CustomerPhoneClaimed', '+79992223344', `customer:${res.body.user.id}`],
      ['PhoneCodeSent', undefined, `customer:${res.body.user.id}`],
    ]);
  });

  it('sets a Secure cookie when the gateway says the visitor came over https', async () => {
    const res = await post('/api/auth/register', registration(freshPhone()), { 'x-forwarded-proto': 'https' });
    expect(res.status).toBe(201);
    expect(setCookieOf(res)!.split('; ')).toContain('Secure');
  });

  it('refuses a phone that has an account, however it is typed, with 409 and appends nothing', async () => {
    expect((await post('/api/auth/register', registration('+7 (999) 555-66-77'))).status).toBe(201);
    const before = await eventCount();
    for (const typed of ['+7 (999) 555-66-77', '89995556677']) {
      const res = await post('/api/auth/register', registration(typed, BORIS));
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ success: false, error: 'Пользователь с таким телефоном уже зарегистрирован', code: 'phone_taken', field: 'phone' });
      expect(setCookieOf(res)).toBeUndefined();
    }
    expect(await eventCount()).toBe(before);
  });

  it('lets exactly one of five concurrent registrations of one phone win', async () => {
    const phone = '+7 (999) 777-00-01';
    const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => post('/api/auth/register', { ...registration(phone, RACE), name: `Гонщик${i}` })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409]);
    const winner = answers.find((a) => a.status === 201)!;
    const { rows: claims } = await h.pool.query(`SELECT data FROM events WHERE stream_name = $1`, [customerPhoneStream('+79997770001')]);
    expect(claims).toEqual([{ data: { phone: '+79997770001', customerId: winner.body.user.id } }]);

    const signedIn = await login(phone, RACE);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user).toEqual(winner.body.user);
    // Up to the last event in the table: the losers' withdrawals come after the winner's answer.
    await h.caughtUp((await committedEvents(h.db.url)).at(-1)!.position);
    const { rows: shown } = await h.pool.query(`SELECT id FROM customers WHERE phone = '+79997770001'`);
    expect(shown).toEqual([{ id: winner.body.user.id }]);
  });

  it.each([
    ['a wrong token', 'robot'],
    ['an empty token', ''],
  ])('refuses %s from the captcha with 400, appending nothing', async (_name, captchaToken) => {
    const before = await eventCount();
    const res = await post('/api/auth/register', { ...registration(freshPhone()), captchaToken });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: expect.stringContaining('Пожалуйста, пройдите проверку капчи') as string, field: 'captchaToken' });
    expect(await eventCount()).toBe(before);
  });

  const valid = () => registration(freshPhone());
  it.each([
    ['no name', { name: undefined }, 'name', 'Имя обязательно'],
    ['a blank name', { name: '  ' }, 'name', 'Имя обязательно'],
    ['no surname', { surname: undefined }, 'surname', 'Фамилия обязательна'],
    ['an empty surname', { surname: '' }, 'surname', 'Фамилия обязательна'],
    ['no email', { email: undefined }, 'email', 'Email обязателен'],
    ['an email without a domain', { email: 'anna@' }, 'email', 'Некорректный email'],
    ['no password', { password: undefined }, 'password', 'Пароль обязателен'],
    ['an empty password', { password: '' }, 'password', 'Пароль обязателен'],
    ['a five-character password', { password: '12345' }, 'password', 'Пароль должен быть не менее 6 символов'],
    ['no phone', { phone: undefined }, 'phone', 'Телефон обязателен'],
    ['a number that is no phone', { phone: '+7 (000) 000-00-00' }, 'phone', 'Введите корректный номер телефона в формате +7 (999) 123-45-67'],
    ['no captcha token', { captchaToken: undefined }, 'captchaToken', 'Пожалуйста, пройдите проверку капчи'],
    ['a 101-character name', { name: 'А'.repeat(101) }, 'name', 'не длиннее 100 символов'],
  ])('refuses %s with 400 at its field, in Russian, appending nothing', async (_name, change, field, message) => {
    const before = await eventCount();
    const res = await post('/api/auth/register', { ...valid(), ...change });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: `${field}: ${message}`, code: 'invalid_input', field });
    expect(await eventCount()).toBe(before);
  });
});

describe('POST /api/auth/login', () => {
  const phone = '+7 (999) 300-00-01';
  beforeAll(async () => {
    expect((await post('/api/auth/register', registration(phone, BORIS))).status).toBe(201);
  });

  it('signs in with the phone as typed either way and the password, answering the user and a session cookie', async () => {
    const res = await login('8 999 300 00 01', BORIS);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, user: { name: 'Анна', phone: '+79993000001' } });
    expect((await me(cookieOf(res), res.body.position)).body.user).toEqual(res.body.user);
  });

  it('answers a wrong password and an unknown phone alike, without a cookie', async () => {
    const wrong = await login(phone, WRONG);
    const unknown = await login('+7 (999) 300-99-99', BORIS);
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ success: false, error: 'Неверный телефон или пароль', code: 'invalid_credentials' });
    expect({ status: unknown.status, body: unknown.body }).toEqual({ status: wrong.status, body: wrong.body });
    expect(setCookieOf(wrong)).toBeUndefined();
    expect(setCookieOf(unknown)).toBeUndefined();
  });

  it('refuses a failed captcha before the password is looked at', async () => {
    const res = await post('/api/auth/login', { phone, password: BORIS, captchaToken: 'robot' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'captcha_failed', field: 'captchaToken', error: 'Пожалуйста, пройдите проверку капчи' });
  });

  it.each([
    ['no phone', { password: BORIS, captchaToken: SANDBOX_CAPTCHA_TOKEN }, 'phone', 'Телефон обязателен'],
    ['no password', { phone, captchaToken: SANDBOX_CAPTCHA_TOKEN }, 'password', 'Пароль обязателен'],
    ['no captcha token', { phone, password: BORIS }, 'captchaToken', 'Пожалуйста, пройдите проверку капчи'],
  ])('refuses %s with 400 at its field', async (_name, body, field, message) => {
    const res = await post('/api/auth/login', body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: `${field}: ${message}`, code: 'invalid_input', field });
  });
});

describe('login rate limits', () => {
  it(`refuses attempt ${PER_PHONE + 1} at one phone from one address with 429, even with the right password; the owner elsewhere signs in`, async () => {
    const phone = freshPhone();
    expect((await post('/api/auth/register', registration(phone, BORIS))).status).toBe(201);
    const guesser = { 'x-forwarded-for': '203.0.113.41' };
    for (let i = 0; i < PER_PHONE; i++) expect((await login(phone, WRONG, guesser)).status).toBe(401);
    const refused = await login(phone, BORIS, guesser);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ success: false, error: 'Слишком много попыток входа. Попробуйте через 1 мин.', code: 'rate_limited' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(setCookieOf(refused)).toBeUndefined();
    expect((await login(phone, BORIS)).status).toBe(200);
  });

  it(`does not lock the owner out when strangers guess ${PER_PHONE + 1} times from ${PER_PHONE + 1} addresses`, async () => {
    const phone = freshPhone();
    expect((await post('/api/auth/register', registration(phone, BORIS))).status).toBe(201);
    for (let i = 0; i <= PER_PHONE; i++) expect((await login(phone, WRONG)).status).toBe(401);
    const owner = await login(phone, BORIS);
    expect(owner.status).toBe(200);
    expect(setCookieOf(owner)).toBeDefined();
  });

  it(`refuses attempt ${PHONE_CEILING + 1} at one phone from any address: the ceiling on guessing from many`, async () => {
    const phone = freshPhone();
    for (let i = 0; i < PHONE_CEILING; i++) expect((await login(phone, WRONG)).status).toBe(401);
    const refused = await login(phone, WRONG);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe('Слишком много попыток входа. Попробуйте через 1 мин.');
  });

  it(`refuses attempt ${PER_IP + 1} from one address, across phones`, async () => {
    const ip = { 'x-forwarded-for': '203.0.113.77' };
    for (let i = 0; i < PER_IP; i++) expect((await login(freshPhone(), WRONG, ip)).status).toBe(401);
    const refused = await login(freshPhone(), WRONG, ip);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe('Слишком много попыток входа. Попробуйте через 1 мин.');
    expect((await login(freshPhone(), WRONG)).status).toBe(401);
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the session it is sent with: that cookie no longer works, another session of the customer still does', async () => {
    const phone = freshPhone();
    const registered = await post('/api/auth/register', registration(phone, BORIS));
    const first = cookieOf(registered);
    const second = cookieOf(await login(phone, BORIS));
    expect((await me(first, registered.body.position)).status).toBe(200);

    const out = await postJson(h.commandUrl, '/api/auth/logout', {}, 'POST', { cookie: first });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ success: true });
    expect(setCookieOf(out)).toMatch(/^session=;.*Expires=Thu, 01 Jan 1970/);
    const after = await me(first);
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ success: false, error: 'Войдите в аккаунт', code: 'not_signed_in' });
    expect((await me(second)).status).toBe(200);
  });

  it('answers a caller without a session too, and /api/auth/me refuses one with 401', async () => {
    expect((await postJson(h.commandUrl, '/api/auth/logout', {})).status).toBe(200);
    expect((await me('session=' + 'x'.repeat(43))).status).toBe(401);
    expect((await h.query('/api/auth/me')).status).toBe(401);
  });

  it('is one statement away from signing a customer out everywhere', async () => {
    const phone = freshPhone();
    const registered = await post('/api/auth/register', registration(phone, BORIS));
    const cookies = [cookieOf(registered), cookieOf(await login(phone, BORIS))];
    expect(await customerSessions.revokeAll(h.pool, registered.body.user.id)).toBe(2);
    for (const cookie of cookies) expect((await me(cookie, registered.body.position)).status).toBe(401);
  });
});

/** A customer freshly registered with `password`, and the session cookie registration gave them. */
async function signedUp(password = BORIS) {
  const phone = freshPhone();
  const registered = await post('/api/auth/register', registration(phone, password));
  expect(registered.status).toBe(201);
  const position = registered.body.position as string;
  // The account is in the read models before a test reads /me with it: otherwise a loaded machine answers 503, not yet projected.
  await h.caughtUp(position);
  return { phone, id: registered.body.user.id as string, cookie: cookieOf(registered), position };
}
const put = (path: string, body: unknown, cookie?: string) => postJson(h.commandUrl, path, body, 'PUT', cookie ? { cookie } : {});
const streamEvents = async (id: string) =>
  (await h.pool.query<{ type: string; data: Record<string, unknown>; actor: string }>(`SELECT type, data, metadata->>'actor' AS actor FROM events WHERE stream_name = $1 ORDER BY global_position`, [`customer-${id}`])).rows;

describe('PUT /api/users/{id}/profile', () => {
  const newProfile = { name: 'Вера', surname: 'Петрова', email: 'vera@example.ru' };

  it('changes the own name, surname and email, names the customer as actor, and /api/auth/me follows', async () => {
    const anna = await signedUp();
    const res = await put(`/api/users/${anna.id}/profile`, newProfile, anna.cookie);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, user: { id: anna.id, ...newProfile, phone: expect.any(String) as string, created_at: expect.any(String) as string, phone_verified: false }, position: expect.any(String) as string });
    expect((await streamEvents(anna.id)).at(-1)).toEqual({ type: 'CustomerProfileChanged', data: { customerId: anna.id, ...newProfile }, actor: `customer:${anna.id}` });
    expect((await me(anna.cookie, res.body.position)).body.user).toEqual(res.body.user);
  });

  it.each([['null', null], ['an empty string', ''], ['nothing', undefined]])('takes %s as no email', async (_name, email) => {
    const anna = await signedUp();
    const res = await put(`/api/users/${anna.id}/profile`, { ...newProfile, email }, anna.cookie);
    expect(res.status).toBe(200);
    expect(res.body.user.email).toBeNull();
    expect((await me(anna.cookie, res.body.position)).body.user.email).toBeNull();
  });

  it('refuses a caller without a session with 401 and another customer with 403, changing nothing', async () => {
    const anna = await signedUp();
    const boris = await signedUp();
    const before = await eventCount();
    const guest = await put(`/api/users/${anna.id}/profile`, newProfile);
    expect(guest.status).toBe(401);
    expect(guest.body).toEqual({ success: false, error: 'Войдите в аккаунт', code: 'not_signed_in' });
    const other = await put(`/api/users/${anna.id}/profile`, newProfile, boris.cookie);
    expect(other.status).toBe(403);
    expect(other.body).toEqual({ success: false, error: 'Нельзя изменять чужой профиль', code: 'not_your_account' });
    expect(await eventCount()).toBe(before);
    expect((await me(anna.cookie, anna.position)).body.user).toMatchObject({ name: 'Анна', surname: 'Иванова' });
  });

  it.each([
    ['no name', { name: undefined }, 'name', 'Имя обязательно для заполнения'],
    ['a blank name', { name: ' ' }, 'name', 'Имя обязательно для заполнения'],
    ['no surname', { surname: undefined }, 'surname', 'Фамилия обязательна для заполнения'],
    ['an empty surname', { surname: '' }, 'surname', 'Фамилия обязательна для заполнения'],
    ['an email without a domain', { email: 'vera@' }, 'email', 'Введите корректный email'],
    ['an email that is no string', { email: 42 }, 'email', 'Введите корректный email'],
    ['a 101-character surname', { surname: 'П'.repeat(101) }, 'surname', 'не длиннее 100 символов'],
  ])('refuses %s with 400 at its field, appending nothing', async (_name, change, field, message) => {
    const anna = await signedUp();
    const before = await eventCount();
    const res = await put(`/api/users/${anna.id}/profile`, { ...newProfile, ...change }, anna.cookie);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: `${field}: ${message}`, code: 'invalid_input', field });
    expect(await eventCount()).toBe(before);
  });
});

describe('PUT /api/users/{id}/password', () => {
  it('changes the password: the old one no longer logs in, the new one does, and every other session is signed out', async () => {
    const anna = await signedUp();
    const elsewhere = cookieOf(await login(anna.phone, BORIS));
    const res = await put(`/api/users/${anna.id}/password`, { currentPassword: BORIS, newPassword: VERA }, anna.cookie);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, position: expect.any(String) as string });
    const changed = (await streamEvents(anna.id)).at(-1)!;
    expect(changed).toMatchObject({ type: 'CustomerPasswordChanged', actor: `customer:${anna.id}` });
    expect(changed.data.passwordHash).toMatch(/^\$argon2id\$/);

    // Read at the change's position: a read-model row that has not arrived answers 503, not the session's fate.
    expect((await me(anna.cookie, res.body.position as string)).status).toBe(200);
    expect((await me(elsewhere, res.body.position as string)).status).toBe(401);
    expect((await login(anna.phone, BORIS)).status).toBe(401);
    expect((await login(anna.phone, VERA)).status).toBe(200);
  });

  it('refuses a wrong current password with 400 at that field, changing nothing', async () => {
    const anna = await signedUp();
    const before = await eventCount();
    const res = await put(`/api/users/${anna.id}/password`, { currentPassword: WRONG, newPassword: VERA }, anna.cookie);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: 'Неверный текущий пароль', code: 'wrong_current_password', field: 'currentPassword' });
    expect(await eventCount()).toBe(before);
    expect((await login(anna.phone, BORIS)).status).toBe(200);
  });

  it('refuses a caller without a session with 401 and another customer with 403, changing nothing', async () => {
    const anna = await signedUp();
    const boris = await signedUp();
    const before = await eventCount();
    expect((await put(`/api/users/${anna.id}/password`, { currentPassword: BORIS, newPassword: VERA })).status).toBe(401);
    const other = await put(`/api/users/${anna.id}/password`, { currentPassword: BORIS, newPassword: VERA }, boris.cookie);
    expect(other.status).toBe(403);
    expect(other.body.code).toBe('not_your_account');
    expect(await eventCount()).toBe(before);
    expect((await me(anna.cookie, anna.position)).status).toBe(200);
  });

  it.each([
    ['no current password', { currentPassword: undefined }, 'currentPassword', 'Введите текущий пароль для смены пароля'],
    ['an empty current password', { currentPassword: '' }, 'currentPassword', 'Введите текущий пароль для смены пароля'],
    ['no new password', { newPassword: undefined }, 'newPassword', 'Новый пароль должен содержать минимум 6 символов'],
    ['a five-character new password', { newPassword: '12345' }, 'newPassword', 'Новый пароль должен содержать минимум 6 символов'],
  ])('refuses %s with 400 at its field, appending nothing', async (_name, change, field, message) => {
    const anna = await signedUp();
    const before = await eventCount();
    const res = await put(`/api/users/${anna.id}/password`, { currentPassword: BORIS, newPassword: VERA, ...change }, anna.cookie);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: `${field}: ${message}`, code: 'invalid_input', field });
    expect(await eventCount()).toBe(before);
  });

  it(`counts with the logins at the phone from that address: attempt ${PER_PHONE + 1} is refused with 429 even with the right password`, async () => {
    const anna = await signedUp();
    const from = { cookie: anna.cookie, 'x-forwarded-for': '203.0.113.42' };
    for (let i = 0; i < PER_PHONE; i++) expect((await postJson(h.commandUrl, `/api/users/${anna.id}/password`, { currentPassword: WRONG, newPassword: VERA }, 'PUT', from)).status).toBe(400);
    const refused = await postJson(h.commandUrl, `/api/users/${anna.id}/password`, { currentPassword: BORIS, newPassword: VERA }, 'PUT', from);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe('Слишком много попыток ввода пароля. Попробуйте через 1 мин.');
    expect((await login(anna.phone, BORIS, { 'x-forwarded-for': '203.0.113.42' })).status).toBe(429);
  });
});

describe('the passwords typed in this file', () => {
  it('appear in no event, no table row and no log line', async () => {
    await h.caughtUp((await committedEvents(h.db.url)).at(-1)!.position);
    const { rows: tables } = await h.pool.query<{ name: string }>(`SELECT quote_ident(table_name) AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`);
    const stored: string[] = [];
    for (const { name } of tables) stored.push(...(await h.pool.query<{ row: string }>(`SELECT t::text AS row FROM ${name} t`)).rows.map((r) => r.row));
    // The search reaches the events, the read model and the sessions: a miss is no accident of where it looked.
    expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(['events', expect.stringMatching(/^customers_v\d+$/), 'sessions']));
    expect(stored.some((row) => row.includes('$argon2id$'))).toBe(true);
    const captured = [...logged, ...h.logs.map((l) => `${l.message} ${String(l.error)}`)].join('\n');
    for (const password of PASSWORDS) {
      expect(stored.filter((row) => row.includes(password))).toEqual([]);
      expect(captured).not.toContain(password);
    }
  });
});

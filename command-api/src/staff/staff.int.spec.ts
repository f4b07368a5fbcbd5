import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffLoginClaimAggregate, staffLoginStream, staffMemberAggregate, staffMemberStream, SUPER_ROSTER_STREAM, superRosterAggregate } from '@studio/domain';
import { createCommandHandler, createStaffMember, deleteStaffMember, DEMO_ADMIN, ensureSuperAdmin, updateStaffMember } from '@studio/platform';
import { committedEvents, testClock } from '@studio/platform/testing';
import { openStack, postJson, staffCookieOf, type JsonAnswer, type Stack } from '@studio/e2e/kit';

const PER_LOGIN = 4;
const PER_IP = 6;
const LOGIN_CEILING = 10;
const PASSWORD = 'Пароль-Ольги-42';

let h: Stack;
beforeAll(async () => {
  h = await openStack({
    name: 'staff',
    commandApi: {
      staffLoginRateLimits: { perIp: { max: PER_IP, windowMs: 60_000 }, perLoginAndIp: { max: PER_LOGIN, windowMs: 60_000 }, perLogin: { max: LOGIN_CEILING, windowMs: 60_000 } },
    },
    queryApi: true,
    projections: true,
  });
});
afterAll(() => h?.stop());

let lastIp = 0;
/** Each call from an address of its own (as the trusted gateway forwards it), so only the rate-limit tests share one. */
const freshIp = () => `198.51.100.${++lastIp}`;
const login = (body: unknown, headers: Record<string, string> = {}) => postJson(h.commandUrl, '/api/admin/login', body, 'POST', { 'x-forwarded-for': freshIp(), ...headers });
const setCookieOf = (res: JsonAnswer) => res.headers.getSetCookie().find((c) => c.startsWith('staff_session='));
const me = (cookie: string) => h.query('/api/admin/me', { cookie });

/** A staff member with PASSWORD, written through its aggregates. */
async function member(role: 'admin' | 'super' = 'super', name = 'Ольга') {
  const staffId = randomUUID();
  const memberLogin = `olga-${staffId.slice(0, 8)}`;
  const { position } = await createStaffMember(createCommandHandler(h.store), { staffId, name, login: memberLogin, password: PASSWORD, role }, { actor: 'system:test' }, testClock.now());
  await h.caughtUp(position!);
  return { id: staffId, login: memberLogin };
}

describe('POST /api/admin/login', () => {
  it('signs a member in, whatever the case of the login, with an httpOnly SameSite=Strict staff cookie and the name and rules', async () => {
    const { id, login: memberLogin } = await member('admin');
    const res = await login({ login: `  ${memberLogin.toUpperCase()} `, password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, admin: { id, name: 'Ольга', login: memberLogin, rules: 'admin' }, position: expect.any(String) as string });
    const cookie = setCookieOf(res)!;
    expect(cookie).toMatch(/^staff_session=[A-Za-z0-9_-]{43};/);
    const attributes = cookie.split('; ').slice(1);
    expect(attributes).toEqual(expect.arrayContaining(['Path=/', 'HttpOnly', 'SameSite=Strict']));
    expect(attributes.some((a) => a.startsWith('Expires='))).toBe(true);
    expect(attributes).not.toContain('Secure');
    expect(res.headers.getSetCookie().some((c) => c.startsWith('session='))).toBe(false);
    expect((await me(staffCookieOf(res))).body).toEqual({ success: true, admin: { id, name: 'Ольга', login: memberLogin, rules: 'admin' } });
    // A staff session is no customer's.
    expect((await h.query('/api/auth/me', { cookie: staffCookieOf(res) })).status).toBe(401);
  });

  it('sets a Secure cookie when the gateway says the request came over https', async () => {
    const { login: memberLogin } = await member();
    const res = await login({ login: memberLogin, password: PASSWORD }, { 'x-forwarded-proto': 'https' });
    expect(setCookieOf(res)!.split('; ')).toContain('Secure');
  });

  it('answers a wrong password and an unknown login alike, without a cookie', async () => {
    const { login: memberLogin } = await member();
    const wrong = await login({ login: memberLogin, password: 'совсем-не-тот-1' });
    const unknown = await login({ login: 'nobody-here', password: PASSWORD });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ success: false, error: 'Неверный логин или пароль', code: 'invalid_credentials' });
    expect({ status: unknown.status, body: unknown.body }).toEqual({ status: wrong.status, body: wrong.body });
    expect(setCookieOf(wrong)).toBeUndefined();
    expect(setCookieOf(unknown)).toBeUndefined();
  });

  it.each([
    ['no login', { password: PASSWORD }, 'login', 'Введите логин'],
    ['a blank login', { login: '   ', password: PASSWORD }, 'login', 'Введите логин'],
    ['a login that is no text', { login: 42, password: PASSWORD }, 'login', 'Введите логин'],
    ['a 65-character login', { login: 'a'.repeat(65), password: PASSWORD }, 'login', 'не длиннее 64 символов'],
    ['no password', { login: 'olga' }, 'password', 'Введите пароль'],
    ['an empty password', { login: 'olga', password: '' }, 'password', 'Введите пароль'],
    ['a 201-character password', { login: 'olga', password: 'п'.repeat(201) }, 'password', 'не длиннее 200 символов'],
  ])('refuses %s with 400 at its field, writing nothing', async (_name, body, field, message) => {
    const before = (await committedEvents(h.db.url)).length;
    const res = await login(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: `${field}: ${message}`, code: 'invalid_input', field });
    expect(setCookieOf(res)).toBeUndefined();
    expect((await committedEvents(h.db.url)).length).toBe(before);
  });
});

describe('staff login rate limits', () => {
  it(`refuses attempt ${PER_LOGIN + 1} at one login from one address with 429, even with the right password; the member elsewhere signs in`, async () => {
    const { login: memberLogin } = await member();
    const guesser = { 'x-forwarded-for': '203.0.113.51' };
    for (let i = 0; i < PER_LOGIN; i++) expect((await login({ login: memberLogin, password: 'не-тот' }, guesser)).status).toBe(401);
    const refused = await login({ login: memberLogin.toUpperCase(), password: PASSWORD }, guesser);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ success: false, error: 'Слишком много попыток входа. Попробуйте через 1 мин.', code: 'rate_limited' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(setCookieOf(refused)).toBeUndefined();
    expect((await login({ login: memberLogin, password: PASSWORD })).status).toBe(200);
  });

  it(`does not lock the member out when strangers guess ${PER_LOGIN + 1} times from ${PER_LOGIN + 1} addresses`, async () => {
    const { login: memberLogin } = await member();
    for (let i = 0; i <= PER_LOGIN; i++) expect((await login({ login: memberLogin, password: 'не-тот' })).status).toBe(401);
    expect((await login({ login: memberLogin, password: PASSWORD })).status).toBe(200);
  });

  it(`refuses attempt ${LOGIN_CEILING + 1} at one login from any address: the ceiling on guessing from many`, async () => {
    for (let i = 0; i < LOGIN_CEILING; i++) expect((await login({ login: 'guess-ceiling', password: 'не-тот' })).status).toBe(401);
    expect((await login({ login: 'guess-ceiling', password: 'не-тот' })).status).toBe(429);
  });

  it(`refuses attempt ${PER_IP + 1} from one address, across logins`, async () => {
    const ip = { 'x-forwarded-for': '203.0.113.77' };
    for (let i = 0; i < PER_IP; i++) expect((await login({ login: `guess-${i}`, password: 'не-тот' }, ip)).status).toBe(401);
    const refused = await login({ login: 'guess-last', password: 'не-тот' }, ip);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe('Слишком много попыток входа. Попробуйте через 1 мин.');
    expect((await login({ login: 'guess-last', password: 'не-тот' })).status).toBe(401);
  });
});

describe('POST /api/admin/logout', () => {
  it('revokes the session it is sent with: that cookie no longer works, another session of the member still does', async () => {
    const { login: memberLogin } = await member();
    const first = staffCookieOf(await login({ login: memberLogin, password: PASSWORD }));
    const second = staffCookieOf(await login({ login: memberLogin, password: PASSWORD }));
    const out = await postJson(h.commandUrl, '/api/admin/logout', {}, 'POST', { cookie: first });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ success: true });
    expect(setCookieOf(out)).toMatch(/^staff_session=;.*Expires=Thu, 01 Jan 1970/);
    expect((await me(first)).status).toBe(401);
    expect((await me(second)).status).toBe(200);
    const { rows } = await h.pool.query<{ token_hash: string }>(`SELECT token_hash FROM staff_sessions`);
    expect(rows.length).toBeGreaterThan(0);
    for (const { token_hash } of rows) expect(token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('answers a caller without a session too', async () => {
    expect((await postJson(h.commandUrl, '/api/admin/logout', {})).status).toBe(200);
  });
});

describe('the first super administrator', () => {
  const bootstrapId = async (login: string) => (await createCommandHandler(h.store).read(staffLoginClaimAggregate, staffLoginStream(login))).state.staffId!;

  it('is created once from the settings, by system:bootstrap, with an argon2id hash and no password in any event', async () => {
    const settings = { ADMIN_LOGIN: 'Boss', ADMIN_PASSWORD: 'первый-пароль-1' };
    expect(await ensureSuperAdmin(h.store, settings)).toBe('created');
    const { rows } = await h.pool.query<{ stream_name: string; type: string; data: Record<string, unknown>; actor: string }>(
      `SELECT stream_name, type, data, metadata->>'actor' AS actor FROM events WHERE stream_name LIKE 'admin-%' AND data->>'login' = 'boss' ORDER BY global_position`,
    );
    // The login claimed first: a login someone has is refused before anything else is written.
    expect(rows.map((r) => [r.type, r.actor])).toEqual([
      ['StaffLoginClaimed', 'system:bootstrap'],
      ['StaffMemberCreated', 'system:bootstrap'],
    ]);
    expect(rows[1]).toMatchObject({ data: { role: 'super', name: 'Главный администратор', passwordHash: expect.stringMatching(/^\$argon2id\$/) as string } });
    expect(rows[0]!.stream_name).toBe(staffLoginStream('boss'));
    expect(rows[1]!.stream_name).toBe(staffMemberStream(rows[0]!.data.staffId as string));
    expect(JSON.stringify(await committedEvents(h.db.url))).not.toContain(settings.ADMIN_PASSWORD);

    const res = await login({ login: 'boss', password: settings.ADMIN_PASSWORD });
    expect(res.body.admin).toMatchObject({ name: 'Главный администратор', login: 'boss', rules: 'super' });
  });

  it('leaves an existing login alone, password included, however often the service starts', async () => {
    expect(await ensureSuperAdmin(h.store, { ADMIN_LOGIN: 'chief', ADMIN_PASSWORD: 'старый-пароль-1' })).toBe('created');
    const before = (await committedEvents(h.db.url)).length;
    const again = await Promise.all([
      ensureSuperAdmin(h.store, { ADMIN_LOGIN: 'chief', ADMIN_PASSWORD: 'новый-пароль-2' }),
      ensureSuperAdmin(h.store, { ADMIN_LOGIN: 'CHIEF', ADMIN_PASSWORD: 'старый-пароль-1' }),
    ]);
    expect(again).toEqual(['exists', 'exists']);
    expect((await committedEvents(h.db.url)).length).toBe(before);
    expect((await login({ login: 'chief', password: 'старый-пароль-1' })).status).toBe(200);
    expect((await login({ login: 'chief', password: 'новый-пароль-2' })).status).toBe(401);
  });

  it('makes one member of starts racing on a fresh store', async () => {
    const results = await Promise.all([1, 2, 3].map(() => ensureSuperAdmin(h.store, { ADMIN_LOGIN: 'racer', ADMIN_PASSWORD: 'гонка-пароль-3' })));
    expect(results).toContain('created');
    const { rows } = await h.pool.query(`SELECT count(*)::int AS n FROM events WHERE type = 'StaffMemberCreated' AND data->>'login' = 'racer'`);
    expect(rows).toEqual([{ n: 1 }]);
    expect((await login({ login: 'racer', password: 'гонка-пароль-3' })).status).toBe(200);
  });

  it('is not made again once a super has renamed or deleted it', async () => {
    const commands = createCommandHandler(h.store);
    const settings = (login: string) => ({ ADMIN_LOGIN: login, ADMIN_PASSWORD: 'первый-пароль-4' });
    const { id: other } = await member('super');
    expect(await ensureSuperAdmin(h.store, settings('renamed'))).toBe('created');
    await updateStaffMember(commands, h.pool, { staffId: await bootstrapId('renamed'), by: other, name: 'Ольга', login: 'olga-renamed', role: 'super' }, { actor: `staff:${other}` });
    expect(await ensureSuperAdmin(h.store, settings('gone'))).toBe('created');
    await deleteStaffMember(commands, h.pool, { staffId: await bootstrapId('gone'), by: other }, { actor: `staff:${other}` }, testClock.now());

    const before = (await committedEvents(h.db.url)).length;
    expect([await ensureSuperAdmin(h.store, settings('renamed')), await ensureSuperAdmin(h.store, settings('gone'))]).toEqual(['exists', 'exists']);
    expect((await committedEvents(h.db.url)).length).toBe(before);
    expect((await login({ login: 'renamed', password: 'первый-пароль-4' })).status).toBe(401);
    expect((await login({ login: 'gone', password: 'первый-пароль-4' })).status).toBe(401);
  });

  it('puts the bootstrap super of a store older than the super roster on the roster at the next start', async () => {
    expect(await ensureSuperAdmin(h.store, { ADMIN_LOGIN: 'elder', ADMIN_PASSWORD: 'старый-пароль-5' })).toBe('created');
    const elder = (await createCommandHandler(h.store).read(staffMemberAggregate, staffMemberStream(await bootstrapId('elder')))).state.member!;
    // The same member in a store written before the roster: its claim and its creation, nothing else.
    const old = await openStack({ name: 'staff_before_roster' });
    try {
      const commands = createCommandHandler(old.store);
      await commands.handle(staffLoginClaimAggregate, { type: 'ClaimStaffLogin', data: { login: 'elder', staffId: elder.id } });
      const { id, createdAt, ...profile } = elder;
      await commands.handle(staffMemberAggregate, { type: 'CreateStaffMember', data: { ...profile, staffId: id, now: new Date(createdAt) } });
      expect((await commands.read(superRosterAggregate, SUPER_ROSTER_STREAM)).state.supers).toEqual([]);
      expect(await ensureSuperAdmin(old.store, { ADMIN_LOGIN: 'elder', ADMIN_PASSWORD: 'старый-пароль-5' })).toBe('exists');
      expect((await commands.read(superRosterAggregate, SUPER_ROSTER_STREAM)).state.supers).toEqual([elder.id]);
    } finally {
      await old.stop();
    }
  });

  it('is, in development, the demo pair docs/staff.md names', () => {
    const page = readFileSync(new URL('../../../docs/staff.md', import.meta.url), 'utf8');
    expect(page).toContain(`\`${DEMO_ADMIN.login}\` / \`${DEMO_ADMIN.password}\``);
  });
});

// The administrators tab's calls (docs/staff.md#what-it-does, docs/staff.md#rules–docs/staff.md#messages; issue 10): a super lists, creates,
// edits and deletes administrators; every write is an event naming the super; the form's rules
// answer 400 at their field in the spec's words; a login belongs to one member at a time; a super
// neither deletes nor demotes itself, and the last super stays; a new password, a new role or a
// deletion ends that member's sessions; an administrator and a customer are refused, appending
// nothing.
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffLoginClaimAggregate, staffMemberAggregate, type StaffRole } from '@studio/domain';
import { createCommandHandler, hashPassword, STAFF_SESSION_COOKIE, staffSessions } from '@studio/platform';
import { committedEvents, testClock } from '@studio/platform/testing';
import { openStack, postJson, registerCustomer, requestJson, staffCookieOf, type JsonAnswer, type Stack, type TestStaffMember } from './kit';

const REQUIRED = 'Все поля обязательны для заполнения';
const SHORT = 'Пароль должен содержать минимум 6 символов';
const PASSWORD = 'Пароль-Ирины-1';

let h: Stack;
let boss: TestStaffMember;
beforeAll(async () => {
  h = await openStack({ name: 'admin_admins', commandApi: true, queryApi: true, projections: true });
  boss = await h.staffLogin('super', 'Ольга');
});
afterAll(() => h?.stop());

let lastIp = 0;
const freshIp = () => `198.51.101.${++lastIp}`;
const freshLogin = () => `irina-${randomBytes(4).toString('hex')}`;
const send = (method: 'POST' | 'PUT' | 'DELETE', path: string, headers: Record<string, string>, body?: unknown): Promise<JsonAnswer> =>
  requestJson(h.commandUrl + path, { method, headers, ...(body === undefined ? {} : { body }) });
const create = (body: unknown, as = boss.headers) => send('POST', '/api/admin/admins', as, body);
const update = (id: string, body: unknown, as = boss.headers) => send('PUT', `/api/admin/${id}`, as, body);
const remove = (id: string, as = boss.headers) => send('DELETE', `/api/admin/${id}`, as);
const logIn = (login: string, password: string) => postJson(h.commandUrl, '/api/admin/login', { login, password }, 'POST', { 'x-forwarded-for': freshIp() });
/** Whether a session still opens a staff call (the list is a super's, /me anyone's). */
const me = (headers: Record<string, string>) => h.query('/api/admin/me', headers);
async function list(position?: string | null) {
  const res = await h.query('/api/admin/admins', { ...boss.headers, ...(position ? { 'x-read-position': position } : {}) });
  expect(res.status).toBe(200);
  return res.body as { success: true; data: { id: string; name: string; login: string; rules: StaffRole; created_at: string }[] };
}
const eventCount = async () => (await committedEvents(h.db.url)).length;
/** What was appended after `position`, as type and actor (the tests of a file run one at a time). */
const appendedSince = async (position: string) =>
  (await committedEvents(h.db.url)).filter((event) => event.position > position).map((event) => [event.type, event.metadata.actor]);
const byBoss = (...types: string[]) => types.map((type) => [type, `staff:${boss.id}`]);

/** An administrator created through the API, and a session of theirs. */
async function created(rules: StaffRole = 'admin', name = 'Ирина') {
  const login = freshLogin();
  const res = await create({ name, login, password: PASSWORD, rules });
  expect(res.status).toBe(201);
  const session = await logIn(login, PASSWORD);
  expect(session.status).toBe(200);
  const position = res.body.position as string;
  // The member is in the staff read model before a test reads /me as them: otherwise a loaded machine answers 401, not yet projected.
  await h.caughtUp(position);
  return { id: res.body.data.id as string, login, headers: { cookie: staffCookieOf(session) }, position };
}

describe('POST /api/admin/admins', () => {
  it('creates an administrator who can sign in, listed without a password, its events naming the super', async () => {
    const login = freshLogin();
    const res = await create({ name: '  Ирина  ', login: `  ${login.toUpperCase()} `, password: PASSWORD, rules: 'admin' });
    expect(res.status).toBe(201);
    const row = { id: expect.any(String) as string, name: 'Ирина', login, rules: 'admin', created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as string };
    expect(res.body).toEqual({ success: true, data: row, position: expect.any(String) as string });

    const listed = await list(res.body.position);
    expect(listed.data).toContainEqual({ ...row, id: res.body.data.id });
    expect(JSON.stringify(listed)).not.toMatch(/argon2|password|Hash/i);

    const signedIn = await logIn(login, PASSWORD);
    expect(signedIn.body.admin).toEqual({ id: res.body.data.id, name: 'Ирина', login, rules: 'admin' });

    const events = (await committedEvents(h.db.url)).filter((event) => event.streamName.endsWith(res.body.data.id) || event.streamName.endsWith(login));
    expect(events.map((event) => [event.type, event.metadata.actor])).toEqual([
      ['StaffLoginClaimed', `staff:${boss.id}`],
      ['StaffMemberCreated', `staff:${boss.id}`],
    ]);
  });

  it('creates a super, who may open the tab at once', async () => {
    const member = await created('super');
    expect((await h.query('/api/admin/admins', member.headers)).status).toBe(200);
  });

  it('creates a finance member, who signs in as finance and may read the finance journal and nothing else', async () => {
    const member = await created('finance', 'Вера');
    expect((await logIn(member.login, PASSWORD)).body.admin).toMatchObject({ id: member.id, name: 'Вера', rules: 'finance' });
    expect(((await list(member.position)).data.find((row) => row.id === member.id))?.rules).toBe('finance');
    expect((await me(member.headers)).body.admin).toMatchObject({ id: member.id, rules: 'finance' });
    expect((await h.query('/api/admin/finance/journal', member.headers)).status).toBe(200);
    expect((await h.query('/api/admin/admins', member.headers)).status).toBe(403);
    expect((await h.query('/api/bookings/all', member.headers)).status).toBe(403);
  });

  // The spec's own messages come as they are, the form shows them; any other reason after its field's name.
  it.each([
    ['nothing', {}, 'name', REQUIRED],
    ['a blank name', { name: '   ', login: 'irina', password: PASSWORD, rules: 'admin' }, 'name', REQUIRED],
    ['no login', { name: 'Ирина', password: PASSWORD, rules: 'admin' }, 'login', REQUIRED],
    ['no password', { name: 'Ирина', login: 'irina', rules: 'admin' }, 'password', REQUIRED],
    ['an empty password', { name: 'Ирина', login: 'irina', password: '', rules: 'admin' }, 'password', REQUIRED],
    ['a password of spaces', { name: 'Ирина', login: 'irina', password: '       ', rules: 'admin' }, 'password', REQUIRED],
    ['no role', { name: 'Ирина', login: 'irina', password: PASSWORD }, 'rules', REQUIRED],
    ['a five-character password', { name: 'Ирина', login: 'irina', password: '12345', rules: 'admin' }, 'password', SHORT],
    ['an unknown role', { name: 'Ирина', login: 'irina', password: PASSWORD, rules: 'owner' }, 'rules', 'rules: роль: admin, super или finance'],
    ['a login with a space', { name: 'Ирина', login: 'iri na', password: PASSWORD, rules: 'admin' }, 'login', 'login: логин без пробелов'],
    ['a 65-character login', { name: 'Ирина', login: 'a'.repeat(65), password: PASSWORD, rules: 'admin' }, 'login', 'login: не длиннее 64 символов'],
    ['a 101-character name', { name: 'И'.repeat(101), login: 'irina', password: PASSWORD, rules: 'admin' }, 'name', 'name: не длиннее 100 символов'],
    ['a 201-character password', { name: 'Ирина', login: 'irina', password: 'п'.repeat(201), rules: 'admin' }, 'password', 'password: не длиннее 200 символов'],
    ['a name that is no text', { name: 42, login: 'irina', password: PASSWORD, rules: 'admin' }, 'name', REQUIRED],
    ['an array', ['junk'], 'body', 'body: Неверный ввод: ожидалось object, получено массив'],
  ])('refuses %s with 400 at its field, writing nothing', async (_what, body, field, error) => {
    const before = await eventCount();
    const res = await create(body);
    expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: { success: false, error, code: 'invalid_input', field } });
    expect(await eventCount()).toBe(before);
  });

  it('refuses a login someone has, whatever its case, writing nothing', async () => {
    const { login } = await created();
    const before = await eventCount();
    const res = await create({ name: 'Другая Ирина', login: login.toUpperCase(), password: PASSWORD, rules: 'admin' });
    expect({ status: res.status, body: res.body }).toEqual({ status: 409, body: { success: false, error: 'Администратор с таким логином уже существует', code: 'login_taken', field: 'login' } });
    expect(await eventCount()).toBe(before);
  });
});

describe('PUT /api/admin/{id}', () => {
  it('renames, moves to a new login and promotes, keeping the password when none is given; the old login is free for someone else', async () => {
    const member = await created();
    const newLogin = freshLogin();
    const res = await update(member.id, { name: 'Ирина Петровна', login: newLogin, rules: 'super', password: '' });
    expect(res.body).toEqual({ success: true, data: { id: member.id, name: 'Ирина Петровна', login: newLogin, rules: 'super', created_at: expect.any(String) as string }, position: expect.any(String) as string });
    // The new login claimed before the member takes it, the old one released after; the roster hears of a super last.
    expect(await appendedSince(member.position)).toEqual(
      byBoss('StaffLoginClaimed', 'StaffMemberRenamed', 'StaffMemberLoginChanged', 'StaffMemberRoleChanged', 'SuperEnrolled', 'StaffLoginReleased'),
    );
    expect((await list(res.body.position)).data.find((row) => row.id === member.id)).toMatchObject({ name: 'Ирина Петровна', login: newLogin, rules: 'super' });

    expect((await logIn(newLogin, PASSWORD)).body.admin).toMatchObject({ id: member.id, rules: 'super' });
    expect((await logIn(member.login, PASSWORD)).status).toBe(401);
    const reused = await create({ name: 'Новая', login: member.login, password: 'Другой-пароль-2', rules: 'admin' });
    expect(reused.status).toBe(201);
    expect((await logIn(member.login, 'Другой-пароль-2')).body.admin.id).toBe(reused.body.data.id);
  });

  it('signs nobody in with a login its member holds the claim of but has not moved to (a change cut short)', async () => {
    const member = await created();
    const moving = freshLogin();
    await createCommandHandler(h.store).handle(staffLoginClaimAggregate, { type: 'ClaimStaffLogin', data: { login: moving, staffId: member.id } });
    expect((await logIn(moving, PASSWORD)).status).toBe(401);
    expect((await logIn(member.login, PASSWORD)).status).toBe(200);
  });

  it('changes nothing and writes nothing when the form comes back as it was', async () => {
    const member = await created();
    const before = await eventCount();
    const res = await update(member.id, { name: 'Ирина', login: member.login, rules: 'admin' });
    expect(res.status).toBe(200);
    expect(await eventCount()).toBe(before);
    expect((await me(member.headers)).status).toBe(200);
  });

  it('refuses a login another member has', async () => {
    const [member, other] = [await created(), await created()];
    const before = await eventCount();
    const res = await update(member.id, { name: 'Ирина', login: other.login, rules: 'admin' });
    expect({ status: res.status, body: res.body }).toEqual({ status: 409, body: { success: false, error: 'Администратор с таким логином уже существует', code: 'login_taken', field: 'login' } });
    expect(await eventCount()).toBe(before);
    expect((await logIn(member.login, PASSWORD)).status).toBe(200);
  });

  it.each([
    ['a blank name', { name: ' ', login: 'irina', rules: 'admin' }, 'name', REQUIRED],
    ['no login', { name: 'Ирина', rules: 'admin' }, 'login', REQUIRED],
    ['no role', { name: 'Ирина', login: 'irina' }, 'rules', REQUIRED],
    ['a five-character new password', { name: 'Ирина', login: 'irina', rules: 'admin', password: '12345' }, 'password', SHORT],
  ])('refuses %s with 400 at its field, writing nothing', async (_what, body, field, error) => {
    const member = await created();
    const before = await eventCount();
    const res = await update(member.id, body);
    expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: { success: false, error, code: 'invalid_input', field } });
    expect(await eventCount()).toBe(before);
  });

  it('answers 404 for a member nobody created', async () => {
    const res = await update(randomUUID(), { name: 'Ирина', login: freshLogin(), rules: 'admin' });
    expect({ status: res.status, code: res.body.code }).toEqual({ status: 404, code: 'staff_not_found' });
  });
});

describe('sessions', () => {
  it('a new password ends every session of the member; the old password no longer signs in', async () => {
    const member = await created();
    const second = { cookie: staffCookieOf(await logIn(member.login, PASSWORD)) };
    const res = await update(member.id, { name: 'Ирина', login: member.login, rules: 'admin', password: 'Новый-пароль-9' });
    expect(res.status).toBe(200);
    expect((await me(member.headers)).status).toBe(401);
    expect((await me(second)).status).toBe(401);
    expect((await logIn(member.login, PASSWORD)).status).toBe(401);
    expect((await logIn(member.login, 'Новый-пароль-9')).status).toBe(200);
    expect(JSON.stringify(await committedEvents(h.db.url))).not.toContain('Новый-пароль-9');
  });

  it('a new role ends the sessions opened with the old one', async () => {
    const member = await created('super');
    expect((await h.query('/api/admin/admins', member.headers)).status).toBe(200);
    expect((await update(member.id, { name: 'Ирина', login: member.login, rules: 'admin' })).status).toBe(200);
    expect((await h.query('/api/admin/admins', member.headers)).status).toBe(401);
    const again = { cookie: staffCookieOf(await logIn(member.login, PASSWORD)) };
    expect((await h.query('/api/admin/admins', again)).status).toBe(403);
  });

  it('a super changing its own password keeps the session it does it in and ends its others', async () => {
    const self = await created('super');
    const other = { cookie: staffCookieOf(await logIn(self.login, PASSWORD)) };
    const res = await update(self.id, { name: 'Ирина', login: self.login, rules: 'super', password: 'Свой-пароль-5' }, self.headers);
    expect(res.status).toBe(200);
    expect((await me(self.headers)).status).toBe(200);
    expect((await me(other)).status).toBe(401);
  });
});

describe('DELETE /api/admin/{id}', () => {
  it('deletes: gone from the list, its sessions ended, its login refused and free for someone else; the event names the super', async () => {
    const member = await created();
    const res = await remove(member.id);
    expect(res.body).toEqual({ success: true, position: expect.any(String) as string });
    expect(await appendedSince(member.position)).toEqual(byBoss('StaffMemberDeleted', 'StaffLoginReleased'));
    expect((await list(res.body.position)).data.map((row) => row.id)).not.toContain(member.id);
    expect((await me(member.headers)).status).toBe(401);
    const refused = await logIn(member.login, PASSWORD);
    expect({ status: refused.status, code: refused.body.code }).toEqual({ status: 401, code: 'invalid_credentials' });
    expect((await create({ name: 'Преемница', login: member.login, password: PASSWORD, rules: 'admin' })).status).toBe(201);

    const again = await remove(member.id);
    expect({ status: again.status, code: again.body.code }).toEqual({ status: 404, code: 'staff_not_found' });
    expect((await update(member.id, { name: 'Ирина', login: freshLogin(), rules: 'admin' })).status).toBe(404);
  });

  it('deletes another super', async () => {
    const member = await created('super');
    expect((await remove(member.id)).status).toBe(200);
    expect((await h.query('/api/admin/admins', member.headers)).status).toBe(401);
  });
});

describe('a super and itself', () => {
  it('cannot delete itself, nor take its own super rights away, and writes nothing trying', async () => {
    const self = await created('super');
    const as = self.headers;
    const before = await eventCount();
    const deleted = await remove(self.id, as);
    expect({ status: deleted.status, body: deleted.body }).toEqual({ status: 409, body: { success: false, error: 'Нельзя удалить самого себя', code: 'cannot_delete_self' } });
    const demoted = await update(self.id, { name: 'Ирина', login: self.login, rules: 'admin' }, as);
    expect({ status: demoted.status, body: demoted.body }).toEqual({
      status: 409,
      body: { success: false, error: 'Нельзя снять с себя права супер-администратора', code: 'cannot_demote_self', field: 'rules' },
    });
    expect(await eventCount()).toBe(before);
    expect((await me(self.headers)).status).toBe(200);
  });
});

describe('the last super', () => {
  /**
   * A super the roster never heard of, signed in: what a crash between a member's write and the
   * roster's leaves. The roster then holds fewer supers than there are, and refuses on the safe side.
   */
  async function unrosteredSuper(stack: Stack): Promise<TestStaffMember> {
    const commands = createCommandHandler(stack.store);
    const [id, login] = [randomUUID(), freshLogin()];
    await commands.handle(staffLoginClaimAggregate, { type: 'ClaimStaffLogin', data: { login, staffId: id } });
    const passwordHash = await hashPassword(PASSWORD);
    await commands.handle(staffMemberAggregate, { type: 'CreateStaffMember', data: { staffId: id, name: 'Без реестра', login, passwordHash, role: 'super', now: testClock.now() } });
    const { token } = await staffSessions.issue(stack.pool, id, 'super');
    return { id, login, password: PASSWORD, role: 'super', headers: { cookie: `${STAFF_SESSION_COOKIE}=${token}` } };
  }

  it('cannot be deleted or demoted, by a super the roster does not count', async () => {
    const lone = await openStack({ name: 'admin_admins_last', commandApi: true });
    try {
      const last = await lone.staffLogin('super');
      const outsider = await unrosteredSuper(lone);
      const call = (method: 'PUT' | 'DELETE', body?: unknown) => requestJson(`${lone.commandUrl}/api/admin/${last.id}`, { method, headers: outsider.headers, ...(body ? { body } : {}) });
      const before = (await committedEvents(lone.db.url)).length;
      const refusal = { success: false, error: 'Нельзя удалить или понизить последнего супер-администратора', code: 'last_super', field: 'rules' };
      const deleted = await call('DELETE');
      expect({ status: deleted.status, body: deleted.body }).toEqual({ status: 409, body: refusal });
      const demoted = await call('PUT', { name: 'Ольга', login: last.login, rules: 'admin' });
      expect({ status: demoted.status, body: demoted.body }).toEqual({ status: 409, body: refusal });
      // Finance is no super either.
      const toFinance = await call('PUT', { name: 'Ольга', login: last.login, rules: 'finance' });
      expect({ status: toFinance.status, body: toFinance.body }).toEqual({ status: 409, body: refusal });
      expect((await committedEvents(lone.db.url)).length).toBe(before);
      // What is not about the super rights still goes through.
      expect((await call('PUT', { name: 'Ольга Викторовна', login: last.login, rules: 'super' })).status).toBe(200);
    } finally {
      await lone.stop();
    }
  });

  it('stays when two supers delete each other at once: one wins, the other is refused', async () => {
    const pair = await openStack({ name: 'admin_admins_race', commandApi: true });
    try {
      const [a, b] = await Promise.all([pair.staffLogin('super', 'А'), pair.staffLogin('super', 'Б')]);
      const del = (target: TestStaffMember, by: TestStaffMember) => requestJson(`${pair.commandUrl}/api/admin/${target.id}`, { method: 'DELETE', headers: by.headers });
      const answers = await Promise.all([del(b, a), del(a, b)]);
      // The loser's refusal: the roster's, or no session at all when the winner ended it first.
      expect(answers.map((res) => res.status).sort()).toSatisfy((statuses: number[]) => ['200,401', '200,409'].includes(statuses.join()));
      const deletions = (await committedEvents(pair.db.url)).filter((event) => event.type === 'StaffMemberDeleted');
      expect(deletions).toHaveLength(1);
    } finally {
      await pair.stop();
    }
  });
});

describe('who may', () => {
  it.each([
    ['POST', '/api/admin/admins', { name: 'Ирина', login: 'irina-never', password: PASSWORD, rules: 'super' }],
    ['PUT', '/api/admin/{boss}', { name: 'Взлом', login: 'boss-never', rules: 'admin', password: 'Взлом-пароль-1' }],
    ['DELETE', '/api/admin/{boss}', undefined],
  ] as const)('%s %s: 403 to an administrator and to a customer, appending nothing', async (method, path, body) => {
    const admin = await h.staffLogin('admin');
    const customer = await registerCustomer(h.commandUrl);
    const before = await eventCount();
    for (const headers of [admin.headers, { cookie: customer.cookie }]) {
      const res = await send(method, path.replace('{boss}', boss.id), headers, body);
      expect({ status: res.status, body: res.body }).toEqual({ status: 403, body: { success: false, error: 'Недостаточно прав', code: 'forbidden' } });
    }
    expect((await send(method, path.replace('{boss}', boss.id), {}, body)).status).toBe(401);
    expect(await eventCount()).toBe(before);
    expect((await me(boss.headers)).status).toBe(200);
  });

  it('GET /api/admin/admins: 403 to an administrator and to a customer, 401 to nobody', async () => {
    const admin = await h.staffLogin('admin');
    const customer = await registerCustomer(h.commandUrl);
    expect((await h.query('/api/admin/admins', admin.headers)).status).toBe(403);
    expect((await h.query('/api/admin/admins', { cookie: customer.cookie })).status).toBe(403);
    expect((await h.query('/api/admin/admins')).status).toBe(401);
  });
});

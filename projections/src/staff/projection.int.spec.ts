import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffTables } from '@studio/domain';
import { createKysely } from '@studio/platform';
import { openStack, type Stack } from '@studio/e2e/kit';
import { projectionSpec, type StreamEvent } from '../test-support';
import { staffProjection } from './projection';

let stack: Stack;
let spec: ReturnType<typeof projectionSpec<StaffTables>>;
beforeAll(async () => {
  stack = await openStack({ name: 'proj_staff' });
  spec = projectionSpec(staffProjection, createKysely(stack.pool));
});
afterAll(() => stack?.stop());

const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA';
const CREATED_AT = '2030-01-01T09:00:00.000Z';
const created = (staffId: string, login: string): StreamEvent => ({
  stream: `admin-${staffId}`,
  type: 'StaffMemberCreated',
  data: { staffId, name: 'Ольга', login, passwordHash: HASH, role: 'admin', createdAt: CREATED_AT },
});
const onS1 = (type: string, data: Record<string, unknown>): StreamEvent => ({ stream: 'admin-s1', type, data: { staffId: 's1', ...data } });
const rows = (events: StreamEvent[]) => spec.givenStreams(events).then((trx) => trx.selectFrom('staff_members').selectAll().orderBy('id').execute());

describe('staff projection', () => {
  it('follows a member’s name, login and role, never a password, and the login claims are no rows', async () => {
    const { rows: seen } = await rows([
      { stream: 'admin-login-olga', type: 'StaffLoginClaimed', data: { login: 'olga', staffId: 's1' } },
      created('s1', 'olga'),
      onS1('StaffMemberRenamed', { name: 'Ольга Сергеевна' }),
      { stream: 'admin-login-olga.s', type: 'StaffLoginClaimed', data: { login: 'olga.s', staffId: 's1' } },
      onS1('StaffMemberLoginChanged', { login: 'olga.s', previousLogin: 'olga' }),
      { stream: 'admin-login-olga', type: 'StaffLoginReleased', data: { login: 'olga', staffId: 's1' } },
      onS1('StaffMemberRoleChanged', { role: 'super' }),
      onS1('StaffMemberPasswordChanged', { passwordHash: HASH }),
    ]);
    expect(seen).toEqual([{ id: 's1', name: 'Ольга Сергеевна', login: 'olga.s', role: 'super', created_at: new Date(CREATED_AT), deleted_at: null }]);
  });

  it('keeps a deleted member’s row, marked, so the bookings’ history still names them', async () => {
    const { rows: seen } = await rows([created('s1', 'olga'), created('s2', 'irina'), onS1('StaffMemberDeleted', { login: 'olga', deletedAt: '2030-02-01T00:00:00.000Z' })]);
    expect(seen).toMatchObject([
      { id: 's1', login: 'olga', deleted_at: new Date('2030-02-01T00:00:00.000Z') },
      { id: 's2', login: 'irina', deleted_at: null },
    ]);
  });
});

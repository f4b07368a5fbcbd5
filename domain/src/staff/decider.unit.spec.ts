import { describe, expect, it } from 'vitest';
import { spec } from '../testing/decider-spec';
import { staffMemberAggregate, staffMemberDecider, staffRoleAllows, type StaffMemberCommand, type StaffMemberEdit } from './decider';
import { staffLoginSchema, type StaffMemberEvent, type StaffRole } from './events';

const member = spec(staffMemberDecider);
const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA';
const now = new Date('2026-11-20T03:00:00Z');
const profile = { staffId: 's1', name: 'Ольга', login: 'olga', passwordHash: HASH, role: 'super' as const };
const create: StaffMemberCommand = { type: 'CreateStaffMember', data: { ...profile, now } };
const created: StaffMemberEvent = { type: 'StaffMemberCreated', data: { ...profile, createdAt: '2026-11-20T03:00:00.000Z' } };

describe('a staff member', () => {
  it('is created once, with its role and the time it was created', () => {
    member.given([]).when(create).then([created]);
    member.given([created]).when(create).thenThrows('staff_exists', 'conflict');
  });

  it('lives on a stream of its own id', () => {
    expect(staffMemberAggregate.streamOf(create)).toBe('admin-s1');
  });

  it('keeps only an argon2id hash in its events, never a password', () => {
    const plain = { ...created.data, passwordHash: 'секрет-123' };
    expect(staffMemberAggregate.events.StaffMemberCreated.safeParse(plain).success).toBe(false);
    expect(staffMemberAggregate.events.StaffMemberPasswordChanged.safeParse({ staffId: 's1', passwordHash: 'секрет-123' }).success).toBe(false);
  });
});

const NEW_HASH = '$argon2id$v=19$m=19456,t=2,p=1$bm92YQ$bm92eWo';
const admin: StaffMemberEvent = { type: 'StaffMemberCreated', data: { ...created.data, staffId: 's2', name: 'Ирина', login: 'irina', role: 'admin' } };
/** The edit form as a super sends it back for Ирина: unchanged unless the test says otherwise. */
const edit = (change: Partial<StaffMemberEdit> = {}): StaffMemberCommand => ({ type: 'UpdateStaffMember', data: { staffId: 's2', by: 's1', name: 'Ирина', login: 'irina', role: 'admin', roleWas: 'admin', ...change } });
const deleteBy = (by: string, staffId = 's2', roleWas: StaffRole = 'admin'): StaffMemberCommand => ({ type: 'DeleteStaffMember', data: { staffId, by, roleWas, now } });
const deleted: StaffMemberEvent = { type: 'StaffMemberDeleted', data: { staffId: 's2', login: 'irina', deletedAt: '2026-11-20T03:00:00.000Z' } };

describe('editing a staff member', () => {
  it('records what changed, each as its own event, and nothing when nothing did', () => {
    member.given([admin]).when(edit()).then([]);
    member
      .given([admin])
      .when(edit({ name: 'Ирина Петровна', login: 'irina.p', role: 'super', passwordHash: NEW_HASH }))
      .then([
        { type: 'StaffMemberRenamed', data: { staffId: 's2', name: 'Ирина Петровна' } },
        { type: 'StaffMemberLoginChanged', data: { staffId: 's2', login: 'irina.p', previousLogin: 'irina' } },
        { type: 'StaffMemberRoleChanged', data: { staffId: 's2', role: 'super' } },
        { type: 'StaffMemberPasswordChanged', data: { staffId: 's2', passwordHash: NEW_HASH } },
      ]);
  });

  it('keeps the password when no new one is given, and takes a new one each time one is', () => {
    const changed: StaffMemberEvent = { type: 'StaffMemberPasswordChanged', data: { staffId: 's2', passwordHash: NEW_HASH } };
    member.given([admin, changed]).when(edit({ passwordHash: NEW_HASH })).then([changed]);
    member.given([admin, changed]).when(edit()).then([]);
  });

  it('is refused for a member never created or since deleted', () => {
    expect(member.given([]).when(edit()).thenThrows('staff_not_found', 'not_found').field).toBe('id');
    member.given([admin, deleted]).when(edit()).thenThrows('staff_not_found', 'not_found');
  });

  it('lets a super edit itself, but not take its own super rights away', () => {
    const self = (change: Partial<StaffMemberEdit>): StaffMemberCommand => ({ type: 'UpdateStaffMember', data: { staffId: 's1', by: 's1', name: 'Ольга', login: 'olga', role: 'super', roleWas: 'super', ...change } });
    member.given([created]).when(self({ name: 'Ольга Викторовна' })).then([{ type: 'StaffMemberRenamed', data: { staffId: 's1', name: 'Ольга Викторовна' } }]);
    const error = member.given([created]).when(self({ role: 'admin' })).thenThrows('cannot_demote_self', 'conflict');
    expect(error.message).toBe('Нельзя снять с себя права супер-администратора');
  });

  it('lets a super not make itself finance either: finance is no super', () => {
    const self: StaffMemberCommand = { type: 'UpdateStaffMember', data: { staffId: 's1', by: 's1', name: 'Ольга', login: 'olga', role: 'finance', roleWas: 'super' } };
    member.given([created]).when(self).thenThrows('cannot_demote_self', 'conflict');
  });

  it('creates a finance member and moves members between admin and finance', () => {
    const finance: StaffMemberEvent = { ...admin, data: { ...admin.data, role: 'finance' } };
    member.given([]).when({ type: 'CreateStaffMember', data: { ...finance.data, now } }).then([finance]);
    member.given([admin]).when(edit({ role: 'finance' })).then([{ type: 'StaffMemberRoleChanged', data: { staffId: 's2', role: 'finance' } }]);
    member.given([finance]).when(edit({ role: 'admin', roleWas: 'finance' })).then([{ type: 'StaffMemberRoleChanged', data: { staffId: 's2', role: 'admin' } }]);
    member.given([finance]).when(edit({ role: 'super', roleWas: 'finance' })).then([{ type: 'StaffMemberRoleChanged', data: { staffId: 's2', role: 'super' } }]);
    // The caller saw an administrator where there is a finance member now.
    member.given([finance]).when(edit({ name: 'Ира' })).thenThrows('staff_changed', 'conflict');
  });

  it('demotes another super', () => {
    const other: StaffMemberEvent = { ...admin, data: { ...admin.data, role: 'super' } };
    member.given([other]).when(edit({ roleWas: 'super' })).then([{ type: 'StaffMemberRoleChanged', data: { staffId: 's2', role: 'admin' } }]);
  });

  it('is refused when the role changed since the caller looked: the super roster was written by what the caller saw', () => {
    const promoted: StaffMemberEvent = { type: 'StaffMemberRoleChanged', data: { staffId: 's2', role: 'super' } };
    expect(member.given([admin, promoted]).when(edit({ name: 'Ира' })).thenThrows('staff_changed', 'conflict').field).toBe('rules');
    member.given([admin, promoted]).when(deleteBy('s1')).thenThrows('staff_changed', 'conflict');
    member.given([admin, promoted]).when(deleteBy('s1', 's2', 'super')).then([deleted]);
  });
});

describe('deleting a staff member', () => {
  it('is done by another super, once, and the id is never created again', () => {
    member.given([admin]).when(deleteBy('s1')).then([deleted]);
    member.given([admin, deleted]).when(deleteBy('s1')).thenThrows('staff_not_found', 'not_found');
    member.given([admin, deleted]).when({ ...create, data: { ...create.data, staffId: 's2' } }).thenThrows('staff_exists', 'conflict');
  });

  it('is refused to the member itself', () => {
    const error = member.given([created]).when(deleteBy('s1', 's1', 'super')).thenThrows('cannot_delete_self', 'conflict');
    expect(error.message).toBe('Нельзя удалить самого себя');
  });
});

describe('roles', () => {
  it('let super do everything and admin only what needs admin', () => {
    expect(staffRoleAllows('super', 'super')).toBe(true);
    expect(staffRoleAllows('super', 'admin')).toBe(true);
    expect(staffRoleAllows('super', 'finance')).toBe(true);
    expect(staffRoleAllows('admin', 'admin')).toBe(true);
    expect(staffRoleAllows('admin', 'super')).toBe(false);
  });

  it('keep finance beside admin, not above it: each only its own share', () => {
    expect(staffRoleAllows('finance', 'finance')).toBe(true);
    expect(staffRoleAllows('finance', 'admin')).toBe(false);
    expect(staffRoleAllows('finance', 'super')).toBe(false);
    expect(staffRoleAllows('admin', 'finance')).toBe(false);
  });

  it('let every member do what any staff member may (who am I)', () => {
    for (const role of ['admin', 'super', 'finance'] as const) expect(staffRoleAllows(role, 'staff')).toBe(true);
  });
});

describe('a login', () => {
  it('is stored trimmed and in lower case, and has no spaces inside', () => {
    expect(staffLoginSchema.parse('  Admin ')).toBe('admin');
    expect(staffLoginSchema.safeParse('ad min').success).toBe(false);
    expect(staffLoginSchema.safeParse('').success).toBe(false);
    expect(staffLoginSchema.safeParse('a'.repeat(65)).success).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { spec } from '../testing/decider-spec';
import { staffLoginSchema, staffMemberAggregate, staffMemberDecider, staffRoleAllows, type StaffMemberCommand, type StaffMemberEvent } from './staff-member';

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

  it('keeps only an argon2id hash in its event, never a password', () => {
    const plain = { ...created.data, passwordHash: 'секрет-123' };
    expect(staffMemberAggregate.events.StaffMemberCreated.safeParse(plain).success).toBe(false);
  });
});

describe('roles', () => {
  it('let super do everything and admin only what needs admin', () => {
    expect(staffRoleAllows('super', 'super')).toBe(true);
    expect(staffRoleAllows('super', 'admin')).toBe(true);
    expect(staffRoleAllows('admin', 'admin')).toBe(true);
    expect(staffRoleAllows('admin', 'super')).toBe(false);
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

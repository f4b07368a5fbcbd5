import { describe, expect, it } from 'vitest';
import { spec } from '../../testing/decider-spec';
import { staffLoginClaimAggregate, staffLoginClaimDecider, type StaffLoginClaimCommand } from './decider';
import type { StaffLoginClaimEvent } from './events';

const claim = spec(staffLoginClaimDecider);
const claimBy = (staffId: string): StaffLoginClaimCommand => ({ type: 'ClaimStaffLogin', data: { login: 'olga', staffId } });
const claimedBy = (staffId: string): StaffLoginClaimEvent => ({ type: 'StaffLoginClaimed', data: { login: 'olga', staffId } });

describe('a staff login', () => {
  it('is claimed by the first member, on a stream named by the login', () => {
    claim.given([]).when(claimBy('s1')).then([claimedBy('s1')]);
    expect(staffLoginClaimAggregate.streamOf(claimBy('s1'))).toBe('admin-login-olga');
  });

  it('stays with its member: the same claim again records nothing', () => {
    claim.given([claimedBy('s1')]).when(claimBy('s1')).then([]);
  });

  it('refuses another member with a Russian message at the login field', () => {
    const error = claim.given([claimedBy('s1')]).when(claimBy('s2')).thenThrows('login_taken', 'conflict');
    expect(error.message).toBe('Администратор с таким логином уже существует');
    expect(error.field).toBe('login');
  });

  it('is released by its member only, and may then be claimed by another', () => {
    const release = (staffId: string): StaffLoginClaimCommand => ({ type: 'ReleaseStaffLogin', data: { login: 'olga', staffId } });
    const released: StaffLoginClaimEvent = { type: 'StaffLoginReleased', data: { login: 'olga', staffId: 's1' } };
    claim.given([claimedBy('s1')]).when(release('s1')).then([released]);
    claim.given([claimedBy('s1')]).when(release('s2')).then([]);
    claim.given([claimedBy('s1'), released]).when(release('s1')).then([]);
    claim.given([claimedBy('s1'), released]).when(claimBy('s2')).then([claimedBy('s2')]);
    claim.given([claimedBy('s1'), released, claimedBy('s2')]).when(release('s1')).then([]);
  });
});

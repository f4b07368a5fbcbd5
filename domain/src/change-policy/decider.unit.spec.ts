import { describe, expect, it } from 'vitest';
import { spec } from '../testing/decider-spec';
import { changePolicyAggregate, changePolicyDecider, policyInForce, type ChangePolicyCommand } from './decider';
import type { ChangePolicyEvent } from './events';
import { DEFAULT_CHANGE_POLICIES } from './terms';

const policy = spec(changePolicyDecider);
const set = (terms: Partial<ChangePolicyCommand['data']> = {}): ChangePolicyCommand => ({
  type: 'SetChangePolicy',
  data: { studio: 'pochta', freeCancelHours: 48, lateCancelKeptPercent: 30, freeRescheduleHours: 24, maxReschedules: 2, staffId: 's1', staffName: 'Ольга', ...terms },
});
const setAs = (version: number, terms: Partial<ChangePolicyEvent['data']> = {}): ChangePolicyEvent => ({
  type: 'ChangePolicySet',
  data: { studio: 'pochta', version, freeCancelHours: 48, lateCancelKeptPercent: 30, freeRescheduleHours: 24, maxReschedules: 2, staffId: 's1', staffName: 'Ольга', ...terms },
});

describe('SetChangePolicy', () => {
  it('given the built-in version 1, a first edit is version 2', () => {
    policy.given([]).when(set()).then([setAs(2)]);
  });

  it('given version 2, the next edit is version 3 with the new terms', () => {
    policy.given([setAs(2)]).when(set({ maxReschedules: 0 })).then([setAs(3, { maxReschedules: 0 })]);
  });

  it('the same terms again make no new version (a retried save)', () => {
    policy.given([setAs(2)]).when(set()).then([]);
    policy.given([]).when(set({ ...DEFAULT_CHANGE_POLICIES.pochta })).then([]);
  });
});

describe('the policy in force', () => {
  it('is version 1 of the issue until an edit, for each studio', () => {
    expect(policyInForce('pochta', changePolicyDecider.initialState())).toEqual({ version: 1, freeCancelHours: 72, lateCancelKeptPercent: 50, freeRescheduleHours: 72, maxReschedules: 1 });
    expect(policyInForce('kirova', changePolicyDecider.initialState())).toEqual(DEFAULT_CHANGE_POLICIES.pochta);
    expect(policyInForce('masterskaya', changePolicyDecider.initialState())).toEqual({ version: 1, freeCancelHours: 24, lateCancelKeptPercent: 100, freeRescheduleHours: 24, maxReschedules: 1 });
  });

  it('refuses out-of-range terms at the event schema', () => {
    expect(changePolicyAggregate.events.ChangePolicySet.safeParse({ ...setAs(2).data, lateCancelKeptPercent: 101 }).success).toBe(false);
    expect(changePolicyAggregate.events.ChangePolicySet.safeParse({ ...setAs(2).data, freeCancelHours: -1 }).success).toBe(false);
  });
});

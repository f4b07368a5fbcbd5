import { describe, expect, it } from 'vitest';
import { spec } from '../../testing/decider-spec';
import { superRosterAggregate, superRosterDecider, type SuperRosterCommand } from './decider';
import type { SuperRosterEvent } from './events';

const roster = spec(superRosterDecider);
const enrol = (staffId: string): SuperRosterCommand => ({ type: 'EnrolSuper', data: { staffId } });
const enrolFirst = (staffId: string): SuperRosterCommand => ({ type: 'EnrolFirstSuper', data: { staffId } });
const withdraw = (staffId: string): SuperRosterCommand => ({ type: 'WithdrawSuper', data: { staffId } });
const enrolled = (staffId: string): SuperRosterEvent => ({ type: 'SuperEnrolled', data: { staffId } });
const withdrawn = (staffId: string): SuperRosterEvent => ({ type: 'SuperWithdrawn', data: { staffId } });

describe('the super roster', () => {
  it('is one stream for every super', () => {
    expect(superRosterAggregate.streamOf(enrol('a'))).toBe(superRosterAggregate.streamOf(withdraw('b')));
    expect(superRosterAggregate.streamOf(enrol('a'))).toBe('staff-supers');
  });

  it('enrols a super once', () => {
    roster.given([]).when(enrol('a')).then([enrolled('a')]);
    roster.given([enrolled('a')]).when(enrol('a')).then([]);
    roster.given([enrolled('a'), withdrawn('a')]).when(enrol('a')).then([enrolled('a')]);
  });

  it('withdraws a super while another stays', () => {
    roster.given([enrolled('a'), enrolled('b')]).when(withdraw('b')).then([withdrawn('b')]);
    roster.given([enrolled('a'), enrolled('b')]).when(withdraw('c')).then([]);
  });

  it('never withdraws the last super, whoever asks: of two supers removing each other, the second is refused', () => {
    const error = roster.given([enrolled('a')]).when(withdraw('a')).thenThrows('last_super', 'conflict');
    expect(error.message).toBe('Нельзя удалить или понизить последнего супер-администратора');
    expect(error.field).toBe('rules');
    roster.given([enrolled('a'), enrolled('b'), withdrawn('b')]).when(withdraw('a')).thenThrows('last_super', 'conflict');
  });

  it('takes the bootstrap super of an older store only into an empty roster', () => {
    roster.given([]).when(enrolFirst('boot')).then([enrolled('boot')]);
    roster.given([enrolled('a')]).when(enrolFirst('boot')).then([]);
  });
});

import { describe, expect, it } from 'vitest';
import { spec } from '../testing/decider-spec';
import { waitlistStream } from '../contracts/streams';
import { evolveWaitlist, initialWaitlistState, waitingPosition, waitlistDecider, type WaitlistCommand } from './decider';
import type { WaitlistEvent } from './events';

const line = { studio: 'pochta' as const, date: '2026-12-05', timeStart: '14:00', timeEnd: '16:00' };
/** 08:00 in Tomsk, a week before the line's date. */
const now = new Date('2026-11-28T01:00:00Z');
const waitlist = spec(waitlistDecider);

const join = (entryId: string, customerId: string, at = now): WaitlistCommand => ({ type: 'JoinWaitlist', data: { ...line, entryId, customerId, now: at } });
const joined = (entryId: string, customerId: string): WaitlistEvent => ({ type: 'WaitlistJoined', data: { ...line, entryId, customerId, joinedAt: now.toISOString() } });
const offerAt = '2026-11-28T01:30:00.000Z';
const offered = (entryId: string, customerId: string, holdId = `h-${entryId}`): WaitlistEvent => ({
  type: 'WaitlistOfferMade',
  data: { ...line, entryId, customerId, holdId, expiresAt: offerAt },
});
const makeOffer = (entryId: string, holdId = `h-${entryId}`): WaitlistCommand => ({ type: 'MakeWaitlistOffer', data: { ...line, entryId, holdId, expiresAt: offerAt } });

describe('joining', () => {
  it('a customer joins the line; a retry with the same entry id adds nothing', () => {
    waitlist.given([]).when(join('e1', 'u1')).then([joined('e1', 'u1')]);
    waitlist.given([joined('e1', 'u1')]).when(join('e1', 'u1')).then([]);
  });

  it('one customer stands in one line once, but may join again after leaving', () => {
    waitlist.given([joined('e1', 'u1')]).when(join('e2', 'u1')).thenThrows('waitlist_already_joined', 'conflict');
    const left: WaitlistEvent = { type: 'WaitlistLeft', data: { ...line, entryId: 'e1', customerId: 'u1' } };
    waitlist.given([joined('e1', 'u1'), left]).when(join('e2', 'u1')).then([joined('e2', 'u1')]);
  });

  it('refuses a date that passed, an ended line and a range outside opening hours', () => {
    waitlist.given([]).when(join('e1', 'u1', new Date('2026-12-05T17:00:00Z'))).thenThrows('waitlist_date_passed', 'validation');
    waitlist.given([joined('e0', 'u0'), { type: 'WaitlistEnded', data: line }]).when(join('e1', 'u1')).thenThrows('waitlist_date_passed');
    waitlist.given([]).when({ type: 'JoinWaitlist', data: { ...line, timeStart: '21:00', timeEnd: '22:30', entryId: 'e1', customerId: 'u1', now } }).thenThrows('waitlist_bad_range', 'validation');
    waitlist.given([]).when({ type: 'JoinWaitlist', data: { ...line, timeStart: '15:00', timeEnd: '15:00', entryId: 'e1', customerId: 'u1', now } }).thenThrows('waitlist_bad_range');
  });

  it('the line keeps joining order: positions count only those still waiting', () => {
    const state = [joined('e1', 'u1'), joined('e2', 'u2'), joined('e3', 'u3'), offered('e1', 'u1')].reduce(evolveWaitlist, initialWaitlistState());
    expect(['e1', 'e2', 'e3'].map((id) => waitingPosition(state, id))).toEqual([null, 1, 2]);
  });
});

describe('offers', () => {
  it('only the first still waiting is offered, and only one offer at a time', () => {
    waitlist.given([joined('e1', 'u1'), joined('e2', 'u2')]).when(makeOffer('e1')).then([offered('e1', 'u1')]);
    waitlist.given([joined('e1', 'u1'), joined('e2', 'u2')]).when(makeOffer('e2')).thenThrows('waitlist_not_first', 'conflict');
    waitlist.given([joined('e1', 'u1'), joined('e2', 'u2'), offered('e1', 'u1')]).when(makeOffer('e2')).thenThrows('waitlist_offer_open', 'conflict');
    // The same offer recorded again (a retried reaction) adds nothing.
    waitlist.given([joined('e1', 'u1'), offered('e1', 'u1')]).when(makeOffer('e1')).then([]);
  });

  it('an offer lapses at its expiry, not before; then the next in line is first', () => {
    const given = [joined('e1', 'u1'), joined('e2', 'u2'), offered('e1', 'u1')];
    const lapse = (at: string): WaitlistCommand => ({ type: 'LapseWaitlistOffer', data: { ...line, holdId: 'h-e1', reason: 'expired', now: new Date(at) } });
    waitlist.given(given).when(lapse('2026-11-28T01:29:59Z')).thenThrows('waitlist_offer_running', 'conflict');
    const lapsed: WaitlistEvent = { type: 'WaitlistOfferLapsed', data: { ...line, entryId: 'e1', holdId: 'h-e1', reason: 'expired' } };
    waitlist.given(given).when(lapse(offerAt)).then([lapsed]);
    waitlist.given([...given, lapsed]).when(lapse(offerAt)).then([]);
    waitlist.given([...given, lapsed]).when(makeOffer('e2')).then([offered('e2', 'u2')]);
  });

  it('the offered customer takes the offer once; anyone else, or after it lapsed, is refused', () => {
    const given = [joined('e1', 'u1'), offered('e1', 'u1')];
    const take = (customerId: string): WaitlistCommand => ({ type: 'TakeWaitlistOffer', data: { ...line, holdId: 'h-e1', customerId, bookingId: 'b1' } });
    const taken: WaitlistEvent = { type: 'WaitlistOfferTaken', data: { ...line, entryId: 'e1', holdId: 'h-e1', bookingId: 'b1' } };
    waitlist.given(given).when(take('u1')).then([taken]);
    waitlist.given(given).when(take('u2')).thenThrows('waitlist_offer_gone', 'conflict');
    waitlist.given([...given, taken]).when(take('u1')).thenThrows('waitlist_offer_gone');
  });

  it('leaving during one\'s offer declines it first; leaving twice adds nothing; another\'s entry is not found', () => {
    const given = [joined('e1', 'u1'), offered('e1', 'u1')];
    const leave = (customerId: string): WaitlistCommand => ({ type: 'LeaveWaitlist', data: { ...line, entryId: 'e1', customerId } });
    const events = waitlist.given(given).when(leave('u1')).then([
      { type: 'WaitlistOfferLapsed', data: { ...line, entryId: 'e1', holdId: 'h-e1', reason: 'declined' } },
      { type: 'WaitlistLeft', data: { ...line, entryId: 'e1', customerId: 'u1' } },
    ]);
    waitlist.given([...given, ...events]).when(leave('u1')).then([]);
    waitlist.given(given).when(leave('u2')).thenThrows('waitlist_entry_not_found', 'not_found');
  });
});

describe('the line ends', () => {
  it('once its date passed, and only then, every entry still in it ends', () => {
    const end = (at: string): WaitlistCommand => ({ type: 'EndWaitlist', data: { ...line, now: new Date(at) } });
    waitlist.given([joined('e1', 'u1')]).when(end('2026-12-05T16:59:00Z')).then([]); // 23:59 in Tomsk
    waitlist.given([joined('e1', 'u1')]).when(end('2026-12-05T17:00:00Z')).then([{ type: 'WaitlistEnded', data: line }]);
    waitlist.given([joined('e1', 'u1'), { type: 'WaitlistEnded', data: line }]).when(end('2026-12-06T17:00:00Z')).then([]);
  });
});

it('each line is a stream of its own', () => {
  expect(waitlistStream(line)).toBe('waitlist-pochta-2026-12-05-1400-1600');
});

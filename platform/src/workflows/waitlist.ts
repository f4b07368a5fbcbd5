import {
  customerAggregate,
  customerStream,
  contiguousRanges,
  DomainError,
  firstWaiting,
  isDomainError,
  studioDayAggregate,
  studioDayStream,
  WAITLIST_LIMIT,
  WAITLIST_LIMIT_MESSAGE,
  WAITLIST_RANGE_FREE_MESSAGE,
  waitlistAggregate,
  waitlistCells,
  waitlistEntryId,
  waitlistStream,
  type Clock,
  type StudioDayState,
  type WaitlistLine,
} from '@studio/domain';
import type { CommandContext, CommandHandler } from '../commands/handle-command';
import { uuidFrom } from '../commands/derived-ids';
import { scheduleRelease, type HoldExpiry, type HoldSlots } from './hold';

// The waitlist's workflows: joining, offering the freed range to the first in line, passing an
// expired or declined offer on, and a checkout adopting its offer's hold. See docs/waitlist.md.

export interface WaitlistDeps {
  commands: CommandHandler;
  clock: Clock;
}

/** An offer's hold, one per entry (an entry is offered at most once), and the booking id a hold's cells carry. */
export const offerHoldIdOf = (entryId: string) => uuidFrom(`waitlist-offer:${entryId}`);
const bookingOfHold = (holdId: string) => uuidFrom(`booking-of-hold:${holdId}`);

const readDay = async (commands: CommandHandler, { studio, date }: WaitlistLine) => (await commands.read(studioDayAggregate, studioDayStream(studio, date))).state;
const wholeRangeFree = (day: StudioDayState, line: WaitlistLine) => waitlistCells(line).every((cell) => !day.cells[cell]);

/**
 * A signed-in customer joins the line of a taken range. A range with no taken cell is refused (it
 * can be booked now); `activeEntries` counts the customer's live entries (the read model) for the limit.
 */
export async function joinWaitlist(
  deps: WaitlistDeps & { activeEntries(customerId: string): Promise<number> },
  join: { line: WaitlistLine; customerId: string; uuid: string },
  context: CommandContext,
) {
  const { line, customerId } = join;
  waitlistCells(line);
  if (wholeRangeFree(await readDay(deps.commands, line), line)) throw new DomainError('conflict', 'waitlist_range_free', WAITLIST_RANGE_FREE_MESSAGE, 'time_start');
  if ((await deps.activeEntries(customerId)) >= WAITLIST_LIMIT) throw new DomainError('conflict', 'waitlist_limit', WAITLIST_LIMIT_MESSAGE, 'time_start');
  const entryId = waitlistEntryId(line, join.uuid);
  const result = await deps.commands.handle(waitlistAggregate, { type: 'JoinWaitlist', data: { ...line, entryId, customerId, now: deps.clock.now() } }, context);
  return { entryId, position: result.position };
}

/** An offer's hold whose cells pass on: its time ran out, or its customer left the line. */
export interface PassedHold {
  holdId: string;
  reason: 'expired' | 'cancelled';
}

export interface OfferDeps extends WaitlistDeps {
  offerMinutes: number;
}

/** Whom an offer's hold names: the customer's account and phone, so the calendar shows it as «Ваша бронь» to them alone. */
async function occupantOf(commands: CommandHandler, customerId: string) {
  const { state } = await commands.read(customerAggregate, customerStream(customerId));
  const phone = state.customer?.phone.replace(/\D/g, '');
  return { userId: customerId, ...(phone ? { phone } : {}) };
}

/** Refusals that say the range cannot be offered now (taken, too close to its start, gone): not failures. */
const cannotOffer = (error: unknown) => isDomainError(error) && (error.kind === 'conflict' || error.kind === 'validation');

/**
 * Offers the line's range to its first in line when nobody holds an offer: the cells are held for
 * them in the studio-day stream, then the offer is recorded. With `fromHoldId` (an offer that
 * expired or was declined) the cells pass from that hold in one decision, so no stranger can take
 * them in between; with nobody left, that hold is released and the cells are free again. Without
 * it the whole range must be free. A retry repeats nothing: the hold id is the entry's.
 */
export async function offerNext(deps: OfferDeps, line: WaitlistLine, context: CommandContext, from?: PassedHold): Promise<void> {
  const { commands } = deps;
  const { state } = await commands.read(waitlistAggregate, waitlistStream(line));
  const entryId = state.offer || state.ended ? null : firstWaiting(state);
  const { studio, date } = line;
  const releaseFrom = async () => {
    if (from) await commands.handle(studioDayAggregate, { type: 'ReleaseHold', data: { studio, date, holdId: from.holdId, reason: from.reason } }, context);
  };
  if (!entryId) return releaseFrom();
  const customerId = state.entries[entryId]!.customerId;
  const holdId = offerHoldIdOf(entryId);
  const next = { holdId, bookingId: bookingOfHold(holdId), occupant: await occupantOf(commands, customerId), now: deps.clock.now(), holdMinutes: deps.offerMinutes };
  const current = await readDay(commands, line);
  let day: StudioDayState;
  try {
    if (from && current.holds[from.holdId]?.status === 'held') {
      day = (await commands.handle(studioDayAggregate, { type: 'HandOverHold', data: { studio, date, holdId: from.holdId, reason: from.reason, next } }, context)).state;
    } else {
      // A retry finds its own hold placed already; anyone else's cell in the range means not free yet.
      if (!wholeRangeFree(current, line) && current.holds[holdId]?.status !== 'held') return;
      day = (await commands.handle(studioDayAggregate, { type: 'HoldSlots', data: { studio, date, cells: waitlistCells(line), ...next } }, context)).state;
    }
  } catch (error) {
    if (!cannotOffer(error)) throw error;
    // Too close to its start to hold for anyone: the cells go back to the calendar.
    return releaseFrom();
  }
  const hold = day.holds[holdId]!;
  try {
    await commands.handle(waitlistAggregate, { type: 'MakeWaitlistOffer', data: { ...line, entryId, holdId, expiresAt: hold.expiresAt } }, context);
  } catch (error) {
    if (!cannotOffer(error)) throw error;
    // The line moved on meanwhile (the entry left): this hold is nobody's offer.
    await commands.handle(studioDayAggregate, { type: 'ReleaseHold', data: { studio, date, holdId, reason: 'compensation' } }, context);
  }
}

/**
 * An offer whose time ran out by the clock: it lapses and its cells pass to the next in line. A
 * hold already gone was either adopted by its customer's checkout (which records the offer taken)
 * or released by the holds' sweep (the offer is lost, and the free range is offered afresh).
 */
export async function expireOffer(deps: OfferDeps, line: WaitlistLine, context: CommandContext): Promise<void> {
  const { commands } = deps;
  const now = deps.clock.now();
  const offer = (await commands.read(waitlistAggregate, waitlistStream(line))).state.offer;
  if (!offer || now.getTime() < Date.parse(offer.expiresAt)) return;
  const day = await readDay(commands, line);
  if (day.holds[offer.holdId]?.status === 'held') {
    await commands.handle(waitlistAggregate, { type: 'LapseWaitlistOffer', data: { ...line, holdId: offer.holdId, reason: 'expired', now } }, context);
    return offerNext(deps, line, context, { holdId: offer.holdId, reason: 'expired' });
  }
  const takenByCustomer = waitlistCells(line).every((cell) => day.cells[cell]?.occupant.userId === offer.customerId);
  if (takenByCustomer) return;
  await commands.handle(waitlistAggregate, { type: 'LapseWaitlistOffer', data: { ...line, holdId: offer.holdId, reason: 'lost', now } }, context);
  return offerNext(deps, line, context);
}

/** Ends a line whose date has passed; nothing for a line still to come. */
export async function endWaitlist(deps: WaitlistDeps, line: WaitlistLine, context: CommandContext) {
  return deps.commands.handle(waitlistAggregate, { type: 'EndWaitlist', data: { ...line, now: deps.clock.now() } }, context);
}

/**
 * A checkout's day whose cells are exactly the customer's open offer: the offer's hold becomes the
 * checkout's in one decision (only its customer may), and its release is scheduled as any hold's.
 * Null when the day is not the offer's, so the checkout holds the cells as usual.
 */
export async function adoptOfferHold(deps: { commands: CommandHandler; holdExpiry: HoldExpiry }, offerHoldId: string, hold: HoldSlots, customerId: string, context: CommandContext) {
  const offered = (await deps.commands.read(studioDayAggregate, studioDayStream(hold.studio, hold.date))).state.holds[offerHoldId];
  if (offered?.status !== 'held' || offered.cells.join() !== [...hold.cells].sort().join()) return null;
  const { studio, date, cells: _cells, ...next } = hold;
  const result = await deps.commands.handle(
    studioDayAggregate,
    { type: 'HandOverHold', data: { studio, date, holdId: offerHoldId, reason: 'handed-over', by: { userId: customerId }, next } },
    context,
  );
  await scheduleRelease(deps, result, hold, context);
  return { line: lineOfCells(studio, date, offered.cells) };
}

/** The line whose range is exactly `cells` (sorted, contiguous). */
const lineOfCells = (studio: WaitlistLine['studio'], date: string, cells: string[]): WaitlistLine => {
  const [range] = contiguousRanges(cells);
  return { studio, date, timeStart: range!.start, timeEnd: range!.end };
};

/** The offer became a checkout: its entry is taken. An offer that lapsed meanwhile leaves the checkout as it is. */
export async function recordOfferTaken(commands: CommandHandler, taken: { line: WaitlistLine; holdId: string; customerId: string; bookingId: string }, context: CommandContext) {
  try {
    await commands.handle(waitlistAggregate, { type: 'TakeWaitlistOffer', data: { ...taken.line, holdId: taken.holdId, customerId: taken.customerId, bookingId: taken.bookingId } }, context);
  } catch (error) {
    if (!isDomainError(error) || error.code !== 'waitlist_offer_gone') throw error;
  }
}

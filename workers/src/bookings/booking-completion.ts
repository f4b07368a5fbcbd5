import { bookingAggregate, contiguousRanges, isDomainError, tomskInstant, type BookingBlock } from '@studio/domain';
import type { WorkerDeps } from '../job-runtime';

export const COMPLETE_BOOKINGS_SCHEDULER_ID = 'complete-bookings';
export const COMPLETE_BOOKINGS_EVERY_MS = 10 * 60_000;
const BATCH = 500;

/** When a booking's last booked range ends, in Asia/Tomsk. */
export function bookingEnd(blocks: readonly BookingBlock[]): Date {
  const ends = blocks.flatMap((block) => contiguousRanges(block.cells).map(({ end }) => tomskInstant(block.date, end).getTime()));
  return new Date(Math.max(...ends));
}

/**
 * Completes every confirmed booking whose time is over; returns how many it completed. The
 * decider completes a booking once, so a run that repeats or races another does nothing twice.
 */
export async function completeFinishedBookings(deps: WorkerDeps, jobId?: string): Promise<number> {
  const now = deps.clock.now();
  // Candidates by their last day (cheap in SQL); the exact end is checked below.
  const { rows } = await deps.pool.query<{ booking_id: string; blocks: BookingBlock[] }>(
    `SELECT booking_id, blocks FROM bookings
      WHERE status = 'confirmed'
        AND (SELECT max(b->>'date') FROM jsonb_array_elements(blocks) b) <= $1
      ORDER BY placed_at LIMIT ${BATCH}`,
    [now.toISOString().slice(0, 10)],
  );
  let completed = 0;
  for (const { booking_id: bookingId, blocks } of rows) {
    if (bookingEnd(blocks).getTime() > now.getTime()) continue;
    try {
      const result = await deps.commands.handle(
        bookingAggregate,
        { type: 'CompleteBooking', data: { bookingId } },
        { causationId: `job:complete-bookings:${jobId ?? 'manual'}`, actor: 'system:booking-completion' },
      );
      if (result.events.length > 0) completed += 1;
    } catch (error) {
      // Cancelled meanwhile (the read model lags): nothing to complete.
      if (!isDomainError(error)) throw error;
    }
  }
  return completed;
}

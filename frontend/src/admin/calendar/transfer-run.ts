import { TRANSFER_MESSAGES } from './transfer-messages';
import type { TransferMove, TransferPlan } from './transfer-plan';

/** The two writes a transfer makes. */
export interface TransferCalls {
  move: (move: TransferMove) => Promise<unknown>;
  remove: (bookingId: string) => Promise<unknown>;
}

export interface TransferOutcome {
  ok: boolean;
  text: string;
  /** Whether anything changed: a transfer refused at its first move leaves the calendar as it was. */
  wrote: boolean;
}

const messageOf = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);

/**
 * docs/admin-calendar.md#rules «Transfer flow»: each booking is moved in turn, and only when all moved are
 * the leftovers deleted; a move that fails stops there, so nothing is deleted that did not move.
 * A failed deletion does not stop the others.
 */
export async function runTransfer(plan: TransferPlan, calls: TransferCalls): Promise<TransferOutcome> {
  let wrote = false;
  for (const move of plan.moves) {
    try {
      await calls.move(move);
      wrote = true;
    } catch (error) {
      return { ok: false, text: TRANSFER_MESSAGES.failed(messageOf(error, TRANSFER_MESSAGES.moveFailed(move.bookingId))), wrote };
    }
  }
  const failures: string[] = [];
  for (const bookingId of plan.deletions) {
    try {
      await calls.remove(bookingId);
    } catch (error) {
      const reason = error instanceof Error && error.message ? `: ${error.message}` : '';
      failures.push(`${TRANSFER_MESSAGES.leftoverFailed(bookingId)}${reason}`);
    }
  }
  if (failures.length > 0) return { ok: false, text: [`${TRANSFER_MESSAGES.transferred}.`, ...failures].join(' '), wrote };
  return { ok: true, text: plan.leftovers > 0 ? `${TRANSFER_MESSAGES.transferred}${TRANSFER_MESSAGES.leftoversDeleted}` : TRANSFER_MESSAGES.transferred, wrote };
}

import { describe, expect, it } from 'vitest';
import { TRANSFER_MESSAGES } from './transfer-messages';
import type { TransferPlan } from './transfer-plan';
import { runTransfer, type TransferCalls } from './transfer-run';

const date = '2026-10-17';
const plan: TransferPlan = {
  moves: [
    { bookingId: 'b', date, start: '11:00', end: '12:00' },
    { bookingId: 'c', date, start: '12:00', end: '12:30' },
  ],
  deletions: ['a', 'd'],
  leftovers: 3,
};

/** Calls that succeed in the order made, failing the ones named with the server’s text. */
function calls(failing: string[] = []) {
  const made: string[] = [];
  const answer = (call: string) => {
    made.push(call);
    if (failing.includes(call)) return Promise.reject(new Error(`refused ${call}`));
    return Promise.resolve({ success: true });
  };
  const api: TransferCalls = { move: (move) => answer(`move ${move.bookingId}`), remove: (bookingId) => answer(`delete ${bookingId}`) };
  return { made, api };
}

describe('running a transfer', () => {
  it('when every call succeeds, moves each booking in turn, then deletes the leftovers', async () => {
    const { made, api } = calls();
    expect(await runTransfer(plan, api)).toEqual({ ok: true, text: 'Бронь успешно перенесена, а оставшиеся интервалы удалены', wrote: true });
    expect(made).toEqual(['move b', 'move c', 'delete a', 'delete d']);
  });

  it('when nothing was left out, says only that it moved', async () => {
    const { api } = calls();
    expect((await runTransfer({ moves: plan.moves, deletions: [], leftovers: 0 }, api)).text).toBe(TRANSFER_MESSAGES.transferred);
  });

  it('when the first move is refused, stops with the server’s reason, having written nothing', async () => {
    const { made, api } = calls(['move b']);
    expect(await runTransfer(plan, api)).toEqual({ ok: false, text: 'Ошибка при переносе брони: refused move b', wrote: false });
    expect(made).toEqual(['move b']);
  });

  it('when a later move is refused, deletes nothing and says the calendar changed', async () => {
    const { made, api } = calls(['move c']);
    expect(await runTransfer(plan, api)).toMatchObject({ ok: false, wrote: true });
    expect(made).toEqual(['move b', 'move c']);
  });

  it('when a leftover cannot be deleted, still deletes the others and names the one left', async () => {
    const { made, api } = calls(['delete a']);
    expect(await runTransfer(plan, api)).toEqual({
      ok: false,
      text: 'Бронь успешно перенесена. Не удалось удалить исходный интервал #a: refused delete a',
      wrote: true,
    });
    expect(made).toEqual(['move b', 'move c', 'delete a', 'delete d']);
  });
});

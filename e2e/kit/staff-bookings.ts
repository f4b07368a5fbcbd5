import { randomUUID } from 'node:crypto';
import { bookingAggregate, bookingStream, type BookingCreatedByStaff, type Studio } from '@studio/domain';
import type { EventStore } from '@studio/platform';
import { given } from './given';

/**
 * A multi-slot staff creation as command-api records it (docs/admin-calendar.md): one booking per
 * half-hour cell, all of one group, the first carrying the e-mail confirmation if any. Written
 * straight to the store; resolves with each slot's booking and the last position.
 */
export async function givenStaffGroup(
  store: EventStore,
  {
    studio,
    date,
    cells,
    customer,
    peopleCount = 1,
    emailConfirmation,
  }: {
    studio: Studio;
    date: string;
    cells: readonly string[];
    customer: BookingCreatedByStaff['customer'];
    peopleCount?: number;
    emailConfirmation?: BookingCreatedByStaff['emailConfirmation'];
  },
) {
  const groupId = randomUUID();
  const slots: { cell: string; bookingId: string }[] = [];
  let position = '';
  for (const [index, cell] of cells.entries()) {
    const bookingId = randomUUID();
    slots.push({ cell, bookingId });
    const data: BookingCreatedByStaff = {
      bookingId,
      intentId: randomUUID(),
      studio,
      groupId,
      staffId: 's1',
      technical: false,
      customer,
      blocks: [{ date, cells: [cell] }],
      peopleCount,
      price: { lines: [], total: 100_000 },
      payment: 'none',
      prepayPercent: 100,
      ...(index === 0 && emailConfirmation ? { emailConfirmation } : {}),
    };
    position = await given(store, bookingAggregate, bookingStream(bookingId), [{ type: 'BookingCreatedByStaff', data }]);
  }
  return { groupId, slots, position };
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKysely, type RecordedEvent } from '@studio/platform';
import { openStack, randomBookingEvents, type Stack } from '@studio/e2e/kit';
import { ensureProjectionTables } from '../runtime/bookkeeping';
import { buildInBatches, recordedOf, seededRandom, tablesOf, type StreamEvent } from '../test-support';
import { clientsProjection } from './projection';

let fixture: Stack;
let next = 100;

beforeAll(async () => {
  fixture = await openStack({ name: 'clientbatch' });
  await ensureProjectionTables(createKysely(fixture.pool), [clientsProjection]);
});

afterAll(() => fixture?.stop());

const build = (events: readonly RecordedEvent[], size: number, bulk: boolean) => buildInBatches(fixture.pool, clientsProjection, (next += 1), events, size, bulk);
const tablesOfVersion = (version: number) => tablesOf(fixture.pool, clientsProjection, version);

/**
 * Accounts on the phones the random bookings use: registered (one phone twice, the later one
 * withdrawn), their profiles changed, so that accounts and bookings meet on a client in every order;
 * and one withdrawn on a phone of its own, whose client row goes again.
 */
function accountEvents(): StreamEvent[] {
  const registered = (customerId: string, phone: string): StreamEvent => ({
    stream: `customer-${customerId}`,
    type: 'CustomerRegistered',
    data: { customerId, name: 'Анна', surname: 'Петрова', email: `${customerId}@example.ru`, phone, passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$x$y', registeredAt: '2030-01-05T10:00:00.000Z' },
  });
  return [
    registered('c1', '+79130000001'),
    registered('c3', '+79130000003'),
    { stream: 'customer-c1', type: 'CustomerProfileChanged', data: { customerId: 'c1', name: 'Анна', surname: 'Иванова', email: null } },
    registered('c3b', '+79130000003'),
    { stream: 'customer-c3b', type: 'CustomerRegistrationWithdrawn', data: { customerId: 'c3b', reason: 'phone_taken' } },
    registered('c9', '+79130000009'),
    // Alone on its phone and withdrawn: its client comes and goes, in one batch or across two.
    registered('c7', '+79130000077'),
    { stream: 'customer-c7', type: 'CustomerRegistrationWithdrawn', data: { customerId: 'c7', reason: 'phone_taken' } },
  ];
}

/** The random bookings with the accounts' events put in at random places, each account's in its order. */
function history(count: number, seed: number): RecordedEvent[] {
  const pick = seededRandom(seed);
  const events = randomBookingEvents(count, pick);
  for (const account of accountEvents()) {
    const after = events.findLastIndex((e) => e.stream === account.stream);
    const at = after + 1 + pick(events.length - after);
    events.splice(at, 0, account);
  }
  return recordedOf(events);
}

// Hundreds of events projected several times: tens of seconds beside other files on two cores.
describe('clients: batched apply', { timeout: 120_000 }, () => {
  it('leaves exactly the rows of the event-by-event apply, on a random history in batches of any size', async () => {
    const events = history(150, 20_311_128);
    const reference = await tablesOfVersion((await build(events, 50, false)).version);
    expect(reference.clients!.length).toBeGreaterThan(3);
    expect(reference.clients!.some((row) => row.includes('Иванова'))).toBe(true);
    expect(reference.client_money!.length).toBeGreaterThan(10);
    for (const size of [1, 7, 200, events.length]) {
      const batched = await build(events, size, true);
      expect(await tablesOfVersion(batched.version), `batches of ${size}`).toEqual(reference);
      expect(batched.changes).toEqual([]);
    }
  });
});

// The notifications as the workers run them (startWorkers, as `npm start` does): the reminder job on
// its queue sends through the workers' own SMS and mail ports, and the staff alerts process is among
// the running processes, sending through the Telegram sandbox.
import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookingAggregate,
  bookingStream,
  NOTIFICATIONS_QUEUE,
  SEND_REMINDERS_JOB,
  studioNotificationsAggregate,
  studioNotificationsStream,
  type BookingEvent,
} from '@studio/domain';
import { eventually, TEST_REDIS_URL, testClock } from '@studio/platform/testing';
import { given, openStack, sentMessages, type Stack } from '@studio/e2e/kit';

let stack: Stack;
let queue: Queue;
beforeAll(async () => {
  stack = await openStack({ name: 'notifications_wiring', workers: true, projections: true });
  queue = new Queue(NOTIFICATIONS_QUEUE, { connection: { url: TEST_REDIS_URL }, prefix: stack.prefix });
});
afterAll(async () => {
  await queue?.close();
  await stack?.stop();
});

describe('the workers\' notifications', () => {
  it('remind a booking confirmed inside the window as soon as the job runs, and alert the studio\'s chat of it', async () => {
    await given(stack.store, studioNotificationsAggregate, studioNotificationsStream('kirova'), [{ type: 'TelegramChatSet', data: { studio: 'kirova', chatId: '-100777' } }]);
    const bookingId = randomUUID();
    // Tonight at 19:00: inside the 24 hours, more than 2 hours away (the test clock starts at noon).
    const date = testClock.today();
    const events: BookingEvent[] = [
      {
        type: 'BookingPlaced',
        data: {
          bookingId,
          intentId: randomUUID(),
          studio: 'kirova',
          customer: { name: 'Ольга', phone: '79995550011', email: 'olga@example.ru', comment: '' },
          blocks: [{ date, cells: ['19:00'], holdId: randomUUID() }],
          format: { kind: 'self', peopleCount: 1 },
          services: [],
          price: { lines: [], total: 100_000 },
          prepayPercent: 100,
        },
      },
      { type: 'BookingConfirmed', data: { bookingId, paymentId: randomUUID(), paid: 100_000 } },
    ];
    await stack.caughtUp(await given(stack.store, bookingAggregate, bookingStream(bookingId), events));
    await queue.add(SEND_REMINDERS_JOB, {});
    // The guest's account password goes to the same phone (accounts-at-booking): the reminder is the other one.
    const [sms] = await eventually(async () => {
      const sent = (await sentMessages(stack.pool, { channel: 'sms', to: '+79995550011' })).filter((message) => message.body.startsWith('Ждём вас'));
      return sent.length > 0 && sent;
    });
    expect(sms!.body).toMatch(/^Ждём вас сегодня в 19:00 в студии «Кирова»: .* Правила: http:\/\/localhost:3000\/kirova\/rules /);
    await eventually(async () => (await sentMessages(stack.pool, { channel: 'email', to: 'olga@example.ru' })).some((mail) => mail.subject?.startsWith('Напоминание')));
    const [alert] = await eventually(async () => {
      const sent = await sentMessages(stack.pool, { channel: 'telegram', to: '-100777' });
      return sent.length > 0 && sent;
    });
    expect(alert!.body.split('\n').slice(0, 3)).toEqual(['Новое бронирование', expect.stringContaining('Студия «Кирова»'), 'Клиент: Ольга, +79995550011']);
  });
});

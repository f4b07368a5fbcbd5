// Booking reminders against the real event store, the bookings read model and the SMS and mail
// sandboxes: each goes out once per booking and start, never for a cancelled booking, for the new
// time after a move, at once inside the window, and not at all for a booking starting within 2 h.
// The specs move the reminder job's clock; nothing waits for real time.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingAggregate, bookingStream, tomskInstant, type BookingEvent, type BookingPlaced, type Clock } from '@studio/domain';
import { createCommandHandler, sandboxMailSender, sandboxSmsSender, sendingOnce, type Messaging } from '@studio/platform';
import { testClock } from '@studio/platform/testing';
import { given, givenStaffGroup, openStack, sentMessages, type Stack } from '@studio/e2e/kit';
import { sendDueReminders } from './reminders';

const HOURS = 24;
const SITE = 'https://studio.example';
let stack: Stack;
let messaging: Messaging;
beforeAll(async () => {
  stack = await openStack({ name: 'reminders', projections: true });
  messaging = { sms: await sendingOnce(stack.pool, 'sms', sandboxSmsSender(stack.pool)), mail: await sendingOnce(stack.pool, 'email', sandboxMailSender(stack.pool)) };
});
afterAll(async () => {
  await stack?.stop();
});

/** The reminder job as it runs at `at`. */
const remindAt = (at: Date) => {
  const clock: Clock = { now: () => at };
  return sendDueReminders({ pool: stack.pool, clock, commands: createCommandHandler(stack.store), messaging, siteUrl: SITE, reminderHours: HOURS });
};
const hoursBefore = (start: Date, hours: number) => new Date(start.getTime() - hours * 3_600_000);

let phones = 0;
/** A booking of its own phone and e-mail, placed and confirmed (then whatever `then` adds), seen by the read model. */
async function booking(date: string, cells: string[], then: (bookingId: string) => BookingEvent[] = () => []) {
  const bookingId = randomUUID();
  phones += 1;
  const phone = `7988${String(1_000_000 + phones).slice(1)}`;
  const email = `guest${phones}@example.ru`;
  const placed: BookingPlaced = {
    bookingId,
    intentId: randomUUID(),
    studio: 'pochta',
    customer: { name: 'Анна', phone, email, comment: '' },
    blocks: [{ date, cells, holdId: randomUUID() }],
    format: { kind: 'self', peopleCount: 1 },
    services: [],
    price: { lines: [], total: 200_000 },
    prepayPercent: 100,
  };
  const events: BookingEvent[] = [
    { type: 'BookingPlaced', data: placed },
    { type: 'BookingConfirmed', data: { bookingId, paymentId: randomUUID(), paid: 200_000 } },
    ...then(bookingId),
  ];
  const position = await given(stack.store, bookingAggregate, bookingStream(bookingId), events);
  await stack.caughtUp(position);
  return { bookingId, phone: `+${phone}`, email, later: (events: BookingEvent[]) => given(stack.store, bookingAggregate, bookingStream(bookingId), events).then((at) => stack.caughtUp(at)) };
}

const smsTo = (phone: string) => sentMessages(stack.pool, { channel: 'sms', to: phone });
const mailTo = (email: string) => sentMessages(stack.pool, { channel: 'email', to: email });

describe('a booking reminder', () => {
  it('goes out once by SMS and once by e-mail, REMINDER_HOURS before the start, however often the job runs', async () => {
    const date = testClock.day(3);
    const start = tomskInstant(date, '14:00');
    const { phone, email } = await booking(date, ['14:00', '14:30']);
    await remindAt(hoursBefore(start, HOURS + 1));
    expect(await smsTo(phone)).toEqual([]);

    const due = hoursBefore(start, HOURS - 0.5);
    await Promise.all([remindAt(due), remindAt(due), remindAt(due)]);
    await remindAt(hoursBefore(start, 5));
    const [sms, ...moreSms] = await smsTo(phone);
    const [mail, ...moreMail] = await mailTo(email);
    expect(moreSms).toEqual([]);
    expect(moreMail).toEqual([]);
    expect(sms!.body).toBe(`Ждём вас завтра в 14:00 в студии «Почта»: Томск, проспект Ленина, 93, 3 этаж. Правила: ${SITE}/pochta/rules Бронирования: ${SITE}/dashboard`);
    expect(mail!.subject).toBe('Напоминание: студия «Почта» завтра в 14:00');
    expect(mail!.body).toContain('Здравствуйте, Анна!');
    expect(mail!.body).toContain(`Правила студии: ${SITE}/pochta/rules`);
  });

  it('never goes out for a cancelled booking', async () => {
    const date = testClock.day(4);
    const start = tomskInstant(date, '12:00');
    const { phone, email } = await booking(date, ['12:00'], (bookingId) => [{ type: 'BookingCanceled', data: { bookingId, reason: 'customer', requestedBy: 'customer:1' } }]);
    await remindAt(hoursBefore(start, 10));
    expect(await smsTo(phone)).toEqual([]);
    expect(await mailTo(email)).toEqual([]);
  });

  it('after a move, goes out for the new time only: once more when it was sent for the old one, and never for the old one after', async () => {
    const first = testClock.day(5);
    const { bookingId, phone, later } = await booking(first, ['12:00']);
    await remindAt(hoursBefore(tomskInstant(first, '12:00'), 20));
    expect((await smsTo(phone)).map((sms) => sms.body)).toEqual([expect.stringContaining(' в 12:00 ')]);

    const second = testClock.day(8);
    await later([{ type: 'BookingMoved', data: { bookingId, from: [{ date: first, cells: ['12:00'] }], to: { date: second, cells: ['16:00', '16:30'] } } }]);
    // The old time's window again: nothing new.
    await remindAt(hoursBefore(tomskInstant(first, '12:00'), 19));
    expect(await smsTo(phone)).toHaveLength(1);
    await remindAt(hoursBefore(tomskInstant(second, '16:00'), 20));
    await remindAt(hoursBefore(tomskInstant(second, '16:00'), 11));
    // Newest first.
    expect((await smsTo(phone)).map((sms) => sms.body)).toEqual([expect.stringContaining('завтра в 16:00'), expect.stringContaining(' в 12:00 ')]);
  });

  it('moved before its reminder: goes out for the new time, never the old one', async () => {
    const first = testClock.day(6);
    const { bookingId, phone, later } = await booking(first, ['18:00']);
    const second = testClock.day(9);
    await later([{ type: 'BookingMoved', data: { bookingId, from: [{ date: first, cells: ['18:00'] }], to: { date: second, cells: ['11:00'] } } }]);
    await remindAt(hoursBefore(tomskInstant(first, '18:00'), 20));
    expect(await smsTo(phone)).toEqual([]);
    await remindAt(hoursBefore(tomskInstant(second, '11:00'), 20));
    expect((await smsTo(phone)).map((sms) => sms.body)).toEqual([expect.stringContaining(' в 11:00 ')]);
  });

  it('goes out at once for a booking confirmed inside the window, and not at all for one starting within 2 hours', async () => {
    const date = testClock.day(10);
    const start = tomskInstant(date, '15:00');
    // The job's first run after the confirmation, 5 hours before the start.
    const soon = await booking(date, ['15:00']);
    await remindAt(hoursBefore(start, 5));
    expect((await smsTo(soon.phone)).map((sms) => sms.body)).toEqual([expect.stringContaining('сегодня в 15:00')]);
    expect(await mailTo(soon.email)).toHaveLength(1);

    const lastMinute = await booking(date, ['15:00']);
    await remindAt(hoursBefore(start, 1.5));
    await remindAt(hoursBefore(start, 0.5));
    expect(await smsTo(lastMinute.phone)).toEqual([]);
    expect(await mailTo(lastMinute.email)).toEqual([]);
  });

  it('goes out for a staff booking by SMS only when it has no e-mail, and never for a technical block', async () => {
    const date = testClock.day(11);
    const start = tomskInstant(date, '11:00');
    const staffBooking = (technical: boolean, phone: string) => {
      const bookingId = randomUUID();
      return given(stack.store, bookingAggregate, bookingStream(bookingId), [
        {
          type: 'BookingCreatedByStaff',
          data: {
            bookingId,
            intentId: randomUUID(),
            studio: 'masterskaya',
            staffId: 's1',
            technical,
            customer: { name: technical ? '' : 'Игорь', phone, comment: '' },
            blocks: [{ date, cells: ['11:00'] }],
            peopleCount: 1,
            price: { lines: [], total: 0 },
            payment: 'none',
            prepayPercent: 100,
          },
        },
      ]).then((position) => stack.caughtUp(position));
    };
    await staffBooking(false, '79887770011');
    await staffBooking(true, '79887770022');
    expect(await remindAt(hoursBefore(start, 6))).toEqual({ sms: 1, email: 0 });
    expect(await remindAt(hoursBefore(start, 5))).toEqual({ sms: 0, email: 0 });
    expect((await smsTo('+79887770011')).map((sms) => sms.body)).toEqual([expect.stringContaining('«Мастерская»')]);
    expect(await smsTo('+79887770022')).toEqual([]);
  });

  it('goes out once for a multi-slot staff creation (one booking per half hour), for its earliest slot still booked', async () => {
    const date = testClock.day(13);
    const { slots, position } = await givenStaffGroup(stack.store, {
      studio: 'kirova',
      date,
      cells: ['15:30', '15:00', '16:00'],
      customer: { name: 'Вера', phone: '79887770033', email: 'vera@example.ru', comment: '' },
    });
    await stack.caughtUp(position);
    await remindAt(hoursBefore(tomskInstant(date, '15:00'), 10));
    expect((await smsTo('+79887770033')).map((sms) => sms.body)).toEqual([expect.stringContaining('сегодня в 15:00')]);
    expect(await mailTo('vera@example.ru')).toHaveLength(1);
    // Its first slot cancelled: the group now starts at 15:30, and is reminded of that once.
    const first = slots.find((slot) => slot.cell === '15:00')!.bookingId;
    await given(stack.store, bookingAggregate, bookingStream(first), [{ type: 'BookingCanceled', data: { bookingId: first, reason: 'staff', requestedBy: 'staff:s1' } }]).then((at) => stack.caughtUp(at));
    await remindAt(hoursBefore(tomskInstant(date, '15:00'), 9));
    await remindAt(hoursBefore(tomskInstant(date, '15:00'), 8));
    expect((await smsTo('+79887770033')).map((sms) => sms.body)).toEqual([expect.stringContaining('сегодня в 15:30'), expect.stringContaining('сегодня в 15:00')]);
  });
});

// Staff alerts in Telegram against the real event store, command-api (the chat set by a super
// administrator), the alerts process and the Telegram sandbox, read back through GET /api/dev/outbox:
// a confirmed, a moved and a cancelled booking each reach the studio's chat once; a studio without a
// chat, a technical block and a lapsed checkout reach nobody.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingAggregate, bookingStream, type BookingEvent, type BookingPlaced, type OutboxMessage, type Studio } from '@studio/domain';
import { createCommandHandler, sandboxTelegramSender, sendingOnce, startProcessManager, type RunningProcess } from '@studio/platform';
import { eventually } from '@studio/platform/testing';
import { given, givenStaffGroup, openStack, postJson, type Stack, type TestStaffMember } from '@studio/e2e/kit';
import { staffTelegramAlerts } from './staff-alerts';

let stack: Stack;
let running: RunningProcess;
let superAdmin: TestStaffMember;
beforeAll(async () => {
  stack = await openStack({ name: 'staff_alerts', commandApi: true, queryApi: true, projections: true });
  running = await startProcessManager(staffTelegramAlerts(await sendingOnce(stack.pool, 'telegram', sandboxTelegramSender(stack.pool))), {
    store: stack.store,
    pool: stack.pool,
    commands: createCommandHandler(stack.store),
  });
  superAdmin = await stack.staffLogin('super');
});
afterAll(async () => {
  await running?.stop();
  await stack?.stop();
});

const setChat = (studio: Studio, chatId: string, headers = superAdmin.headers) =>
  postJson(stack.commandUrl, `/api/admin/notification-settings/${studio}/telegram`, { chatId }, 'PUT', headers);
/** The Telegram sandbox's messages to `chat`, newest first, as the development outbox page reads them. */
const alertsTo = async (chat: string) => {
  const res = await stack.query(`/api/dev/outbox?channel=telegram&to=${encodeURIComponent(chat)}`);
  return (res.body as { messages: OutboxMessage[] }).messages.filter((message) => message.recipient === chat);
};

async function confirmedBooking(studio: Studio, date: string, then: (bookingId: string) => BookingEvent[] = () => []) {
  const bookingId = randomUUID();
  const placed: BookingPlaced = {
    bookingId,
    intentId: randomUUID(),
    studio,
    customer: { name: 'Анна Петрова', phone: '79991234567', email: 'anna@example.ru', comment: '' },
    blocks: [{ date, cells: ['14:00', '14:30', '15:00'], holdId: randomUUID() }],
    format: { kind: 'with_photographer', photographerId: 'p1', photographerName: 'Иван', peopleCount: 3 },
    services: [],
    price: { lines: [], total: 600_000 },
    prepayPercent: 50,
  };
  const events: BookingEvent[] = [
    { type: 'BookingPlaced', data: placed },
    { type: 'BookingConfirmed', data: { bookingId, paymentId: randomUUID(), paid: 300_000 } },
    ...then(bookingId),
  ];
  await given(stack.store, bookingAggregate, bookingStream(bookingId), events);
  return bookingId;
}

describe('the studio\'s Telegram chat', () => {
  it('is set by a super administrator only, and a chat id that is none is refused naming the field', async () => {
    const admin = await stack.staffLogin('admin');
    expect((await setChat('kirova', '-100200300', admin.headers)).status).toBe(403);
    const bad = await setChat('kirova', 'чат');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ field: 'chatId', error: expect.stringContaining('укажите числовой id чата или @имя канала') });
    const set = await setChat('kirova', ' -100200300 ');
    expect(set).toMatchObject({ status: 200, body: { success: true, settings: { studio: 'kirova', telegramChatId: '-100200300' } } });
    const read = await stack.query('/api/admin/notification-settings', { ...superAdmin.headers, 'x-read-position': (set.body as { position: string }).position });
    expect((read.body as { settings: unknown[] }).settings).toContainEqual({ studio: 'kirova', telegramChatId: '-100200300' });
  });
});

describe('a staff alert', () => {
  it('tells the studio\'s chat of a confirmed, a moved and a cancelled booking, once each, with the studio, day, time, customer, format and amount paid', async () => {
    const chat = '-100111222';
    expect((await setChat('pochta', chat)).status).toBe(200);
    await confirmedBooking('pochta', '2030-03-05', (id) => [
      { type: 'BookingMoved', data: { bookingId: id, from: [{ date: '2030-03-05', cells: ['14:00', '14:30', '15:00'] }], to: { date: '2030-03-06', cells: ['10:00', '10:30', '11:00'] } } },
      { type: 'BookingCanceled', data: { bookingId: id, reason: 'staff', requestedBy: 'staff:1' } },
    ]);
    const alerts = await eventually(async () => {
      const sent = await alertsTo(chat);
      return sent.length >= 3 && sent;
    });
    const [cancelled, moved, confirmed] = alerts.map((alert) => alert.body);
    expect(confirmed!.split('\n')).toEqual([
      'Новое бронирование',
      expect.stringMatching(/^Студия «Почта», 0[56]\.03\.2030 1[04]:00–1[15]:30$/),
      'Клиент: Анна Петрова, +79991234567',
      'Формат: Съёмка с фотографом, Иван, 3 чел.',
      expect.stringMatching(/^Оплачено: 3\s000 ₽ из 6\s000 ₽$/),
    ]);
    expect(moved!.split('\n').slice(0, 3)).toEqual(['Бронирование перенесено', 'Студия «Почта», 06.03.2030 10:00–11:30', 'Было: 05.03.2030 14:00–15:30']);
    expect(cancelled!.split('\n')[0]).toBe('Бронирование отменено');
    expect(alerts).toHaveLength(3);
    expect(alerts.every((alert) => alert.recipient === chat && alert.channel === 'telegram')).toBe(true);
    expect((await stack.pool.query(`SELECT count(*)::int AS n FROM message_deliveries WHERE dedupe_key LIKE 'telegram-alert:%' AND channel = 'telegram'`)).rows[0].n).toBeGreaterThanOrEqual(3);
  });

  it('tells of a customer\'s reschedule as a move, naming the old time', async () => {
    const chat = '-100555666';
    expect((await setChat('kirova', chat)).status).toBe(200);
    await confirmedBooking('kirova', '2030-03-12', (id) => [
      {
        type: 'BookingRescheduled',
        data: {
          bookingId: id,
          holdId: randomUUID(),
          from: { date: '2030-03-12', cells: ['14:00', '14:30', '15:00'] },
          to: { date: '2030-03-13', cells: ['12:00', '12:30', '13:00'] },
          previousTotal: 600_000,
          price: { lines: [], total: 600_000 },
          charge: 0,
          refund: 0,
          policyVersion: 1,
          requestedBy: 'customer:anna',
        },
      },
    ]);
    const moved = await eventually(async () => (await alertsTo(chat)).find((alert) => alert.body.startsWith('Бронирование перенесено')));
    expect(moved.body.split('\n').slice(0, 3)).toEqual(['Бронирование перенесено', 'Студия «Кирова», 13.03.2030 12:00–13:30', 'Было: 12.03.2030 14:00–15:30']);
  });

  it('reaches nobody for a studio without a chat, a technical block, or a checkout that lapsed unpaid', async () => {
    const chat = '@studio_staff';
    const before = await confirmedBooking('masterskaya', '2030-03-07');
    // Handled while masterskaya had no chat: the process's checkpoint has passed it.
    const [confirmedBefore] = (await stack.store.readStream(bookingStream(before))).slice(-1);
    await eventually(async () => {
      const { rows } = await stack.pool.query<{ position: string }>(`SELECT position FROM process_checkpoints WHERE process = 'staff-telegram-alerts'`);
      return (rows[0]?.position ?? '') >= confirmedBefore!.position;
    });
    expect((await setChat('masterskaya', chat)).status).toBe(200);
    const lapsedId = randomUUID();
    await given(stack.store, bookingAggregate, bookingStream(lapsedId), [
      {
        type: 'BookingPlaced',
        data: {
          bookingId: lapsedId,
          intentId: randomUUID(),
          studio: 'masterskaya',
          customer: { name: 'Гость', phone: '79990000000', email: 'g@example.ru', comment: '' },
          blocks: [{ date: '2030-03-08', cells: ['12:00'], holdId: randomUUID() }],
          format: { kind: 'self', peopleCount: 1 },
          services: [],
          price: { lines: [], total: 100_000 },
          prepayPercent: 100,
        },
      },
      { type: 'BookingCanceled', data: { bookingId: lapsedId, reason: 'hold_expired' } },
    ]);
    const technicalId = randomUUID();
    await given(stack.store, bookingAggregate, bookingStream(technicalId), [
      {
        type: 'BookingCreatedByStaff',
        data: {
          bookingId: technicalId,
          intentId: randomUUID(),
          studio: 'masterskaya',
          staffId: 's1',
          technical: true,
          customer: { name: '', phone: '', comment: '' },
          blocks: [{ date: '2030-03-09', cells: ['12:00'] }],
          peopleCount: 1,
          price: { lines: [], total: 0 },
          payment: 'none',
          prepayPercent: 100,
        },
      },
    ]);
    // A booking made after them is alerted: so the process has passed the three before it.
    await confirmedBooking('masterskaya', '2030-03-10');
    const alerts = await eventually(async () => {
      const sent = await alertsTo(chat);
      return sent.length > 0 && sent;
    });
    expect(alerts.map((alert) => alert.body.split('\n')[1])).toEqual(['Студия «Мастерская», 10.03.2030 14:00–15:30']);
  });

  it('is one for a multi-slot staff creation, listing every slot its e-mail lists', async () => {
    const chat = '-100333444';
    expect((await setChat('kirova', chat)).status).toBe(200);
    await givenStaffGroup(stack.store, {
      studio: 'kirova',
      date: '2030-04-01',
      cells: ['18:00', '18:30', '19:00'],
      customer: { name: 'Вера', phone: '79887770044', comment: '' },
      peopleCount: 2,
      emailConfirmation: { email: 'vera@example.ru', segments: [{ date: '2030-04-01', start: '18:00', end: '19:30' }] },
    });
    // A booking after them is alerted: so the process has passed the group's three.
    await confirmedBooking('kirova', '2030-04-02');
    const alerts = await eventually(async () => {
      const sent = await alertsTo(chat);
      return sent.length >= 2 && sent;
    });
    expect(alerts).toHaveLength(2);
    expect(alerts[1]!.body.split('\n')).toEqual([
      'Новое бронирование',
      'Студия «Кирова», 01.04.2030 18:00–19:30',
      'Клиент: Вера, +79887770044',
      'Формат: Самостоятельная съёмка, 2 чел.',
      expect.stringMatching(/^Оплачено: 0 ₽ из 1\s000 ₽$/),
      'Бронь из нескольких слотов: сумма — за первый, все слоты — в бэк-офисе',
    ]);
  });
});

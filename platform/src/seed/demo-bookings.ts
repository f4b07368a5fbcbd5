import { createHash } from 'node:crypto';
import {
  addDays,
  bookingAggregate,
  bookingEventSchemas,
  catalogAggregate,
  catalogStream,
  OPENING_CELLS,
  STUDIOS,
  type BookingCreatedByStaff,
  type Studio,
} from '@studio/domain';
import { recordStaffBooking, recordStaffTransfer, staffBookingIntentId, staffBookingPrice } from '../workflows/staff-booking';
import { createCommandHandler, type CommandContext, type CommandHandler } from '../commands/handle-command';
import type { EventStore } from '../eventstore/types';
import { stableUuid } from './stable-uuid';

/** Who wrote the demo bookings: every event they leave names it, and the history shows it as «Система». */
export const DEMO_SEED_ACTOR = 'system:demo-seed';
const DEMO_STAFF_NAME = 'Демо-данные';

/** How far the demo calendar reaches around the business day it is written on. */
export const DEMO_PAST_DAYS = 60;
export const DEMO_FUTURE_DAYS = 14;

interface DemoCustomer {
  name: string;
  phone: string;
  email?: string;
}

/** Regulars and occasional clients: the more often a client comes, the nearer the top. */
const DEMO_CUSTOMERS: readonly DemoCustomer[] = [
  { name: 'Анна Кузнецова', phone: '79991230101', email: 'anna.kuznetsova@example.ru' },
  { name: 'Михаил Соколов', phone: '79991230202', email: 'm.sokolov@example.ru' },
  { name: 'Екатерина Морозова', phone: '79991230303', email: 'katya.morozova@example.ru' },
  { name: 'Дмитрий Новиков', phone: '79991230404', email: 'dnovikov@example.ru' },
  { name: 'Ольга Васильева', phone: '79991230505' },
  { name: 'Сергей Павлов', phone: '79991230606', email: 'pavlov.photo@example.ru' },
  { name: 'Мария Фёдорова', phone: '79991230707', email: 'maria.fedorova@example.ru' },
  { name: 'Алексей Козлов', phone: '79991230808', email: 'a.kozlov@example.ru' },
  { name: 'Наталья Егорова', phone: '79991230909' },
  { name: 'Иван Орлов', phone: '79991231010', email: 'ivan.orlov@example.ru' },
  { name: 'Юлия Андреева', phone: '79991231111', email: 'yulia.andreeva@example.ru' },
  { name: 'Павел Никитин', phone: '79991231212', email: 'p.nikitin@example.ru' },
  { name: 'Татьяна Захарова', phone: '79991231313' },
  { name: 'Артём Белов', phone: '79991231414', email: 'artem.belov@example.ru' },
  { name: 'Ксения Полякова', phone: '79991231515', email: 'ksenia.polyakova@example.ru' },
];

const COMMENTS = ['', '', '', 'Семейная съёмка', 'Портфолио для агентства', 'Контент для магазина одежды', 'Love story', 'Съёмка с собакой', 'Детский день рождения', 'Предметная съёмка'];
const TECHNICAL_COMMENTS = ['Профилактика оборудования', 'Генеральная уборка зала'];
const CANCELLED_NOTE = 'Клиент отменил съёмку позже чем за 3 дня: предоплата по правилам студии не возвращается';

/** The money staff recorded when they created the demo booking: a transfer of the whole price or of half, or none. */
type DemoPayment = 'full' | 'half' | 'none';

export interface DemoBooking {
  bookingId: string;
  studio: Studio;
  date: string;
  cells: string[];
  /** Null for a technical block (the studio closed by staff). */
  customer: DemoCustomer | null;
  payment: DemoPayment;
  /** Whether the transfer also paid for one of the studio's catalogue services. */
  withService: boolean;
  cancelled: boolean;
  peopleCount: number;
  comment: string;
}

/** A draw in [0, 1) named by `what`: the same on every run, so the plan needs no generator state. */
function draw(what: string): number {
  return createHash('sha256').update(`demo-bookings:${what}`).digest().readUInt32BE(0) / 2 ** 32;
}

/** How many bookings a studio has on a day this far from today: the weeks around today are the busiest. */
function bookingsOnDay(offset: number, studio: Studio): number {
  const near = offset >= -6 && offset <= 7;
  const chance = near ? 0.45 : offset > 0 ? 0.2 : 0.15;
  if (draw(`${offset}:${studio}:any`) >= chance) return 0;
  return near && draw(`${offset}:${studio}:two`) < 0.25 ? 2 : 1;
}

/**
 * The demo's bookings, from DEMO_PAST_DAYS before `today` (a Tomsk date) to DEMO_FUTURE_DAYS after,
 * oldest first: the same relative calendar whatever the day. Each studio's day gets at most a few
 * bookings of one to four hours on the half-hour grid between 10:00 and 22:00, never on a cell
 * another one has. Pure, so the plan can be looked at without a store.
 */
export function demoBookingPlan(today: string): DemoBooking[] {
  const plan: DemoBooking[] = [];
  for (let offset = -DEMO_PAST_DAYS; offset <= DEMO_FUTURE_DAYS; offset++) {
    const date = addDays(today, offset);
    for (const studio of STUDIOS) {
      const taken = new Set<string>();
      for (let n = bookingsOnDay(offset, studio); n > 0; n--) {
        const random = (what: string) => draw(`${offset}:${studio}:${n}:${what}`);
        const halfHours = 2 + Math.floor(random('length') * 7);
        const start = Math.floor(random('start') * (OPENING_CELLS.length - halfHours + 1));
        const cells = OPENING_CELLS.slice(start, start + halfHours);
        if (cells.some((cell) => taken.has(cell))) continue;
        for (const cell of cells) taken.add(cell);
        // Regulars come more often: the draw leans to the top of the list.
        const customer = DEMO_CUSTOMERS[Math.floor(random('customer') ** 1.7 * DEMO_CUSTOMERS.length)]!;
        const roll = random('payment');
        const payment: DemoPayment = offset >= 0 ? (roll < 0.4 ? 'full' : roll < 0.75 ? 'half' : 'none') : roll < 0.7 ? 'full' : roll < 0.85 ? 'half' : 'none';
        plan.push({
          bookingId: stableUuid(`demo-booking:${studio}:${date}:${cells[0]}`),
          studio,
          date,
          cells,
          customer,
          payment,
          withService: payment !== 'none' && random('service') < 0.3,
          cancelled: false,
          peopleCount: 1 + Math.floor(random('people') * (studio === 'masterskaya' ? 12 : 5)),
          comment: COMMENTS[Math.floor(random('comment') * COMMENTS.length)]!,
        });
      }
    }
  }
  markCancelled(plan);
  addTechnicalBlocks(plan, today);
  return plan.sort((a, b) => a.date.localeCompare(b.date) || a.cells[0]!.localeCompare(b.cells[0]!) || a.studio.localeCompare(b.studio));
}

/** A few bookings staff deleted: some unpaid, some whose 50% prepayment the studio kept. */
function markCancelled(plan: DemoBooking[]): void {
  const prepaid = plan.filter((booking) => booking.payment === 'half');
  const unpaid = plan.filter((booking) => booking.payment === 'none');
  for (const booking of [prepaid[1], prepaid.at(-2), unpaid[0], unpaid.at(-1)]) if (booking) booking.cancelled = true;
}

/** The studio closed by staff for its own needs: one day behind, one ahead, on a free morning. */
function addTechnicalBlocks(plan: DemoBooking[], today: string): void {
  const blocks: { studio: Studio; offset: number; comment: string }[] = [
    { studio: 'kirova', offset: -9, comment: TECHNICAL_COMMENTS[0]! },
    { studio: 'pochta', offset: 5, comment: TECHNICAL_COMMENTS[1]! },
  ];
  for (const { studio, offset, comment } of blocks) {
    const date = addDays(today, offset);
    const taken = new Set(plan.filter((booking) => booking.studio === studio && booking.date === date).flatMap((booking) => booking.cells));
    const windows = OPENING_CELLS.slice(0, -3).map((_, start) => OPENING_CELLS.slice(start, start + 4));
    const free = windows.find((cells) => cells.every((cell) => !taken.has(cell)));
    if (!free) continue;
    plan.push({ bookingId: stableUuid(`demo-technical:${studio}:${date}`), studio, date, cells: free, customer: null, payment: 'none', withService: false, cancelled: false, peopleCount: 1, comment });
  }
}

export interface DemoBookingsResult {
  /** Bookings this run wrote; 0 when the store already had bookings and nothing was written. */
  written: number;
  cancelled: number;
  technical: number;
}

const BOOKING_EVENT_TYPES = Object.keys(bookingEventSchemas);

/**
 * Writes the demo bookings of `demoBookingPlan(today)` the way staff make them in the back-office
 * («Создать бронь»): cells reserved in the studio-day ledger, the booking created by staff, its
 * bank transfer (in full or a 50% prepayment) recorded on its payment intent; the cancelled ones
 * deleted as staff delete them, so the booking-cancellation process frees their cells. A transfer
 * is never refunded through the provider (the intent refuses it), so the prepayment of a deleted
 * booking stays received, with a note saying why. Only for development: a store that has any
 * booking at all (real ones, or an earlier run's) is left untouched. It asks as a reader of $all,
 * which sees an event once no older transaction is open, so it is meant for a step that runs
 * before the services do (npm start's prepare).
 */
export async function seedDemoBookings(store: EventStore, { today, now = new Date() }: { today: string; now?: Date }): Promise<DemoBookingsResult> {
  const result: DemoBookingsResult = { written: 0, cancelled: 0, technical: 0 };
  if ((await store.readAll({ types: BOOKING_EVENT_TYPES, limit: 1 })).length > 0) return result;
  const commands = createCommandHandler(store);
  const context: CommandContext = { actor: DEMO_SEED_ACTOR, correlationId: stableUuid(`demo-bookings:${today}`) };
  for (const demo of demoBookingPlan(today)) {
    const booking = await staffBookingOf(commands, demo);
    await recordStaffBooking(commands, booking, context);
    if (booking.payment === 'transfer') await recordStaffTransfer(commands, booking, context);
    if (demo.cancelled) await deleteAsStaff(commands, demo, now, context);
    result.written++;
    if (demo.cancelled) result.cancelled++;
    if (!demo.customer) result.technical++;
  }
  return result;
}

/** The booking the create form would send for the demo: a transfer's amount typed when a service is added to the rent. */
async function staffBookingOf(commands: CommandHandler, demo: DemoBooking): Promise<BookingCreatedByStaff> {
  const { bookingId, studio, date, cells, customer } = demo;
  const technical = customer === null;
  const payment = demo.payment === 'none' ? 'none' : 'transfer';
  const service = demo.withService ? await serviceFor(commands, demo) : null;
  const rent = await staffBookingPrice(commands, { studio, date, cells, technical, payment });
  const price = service ? await staffBookingPrice(commands, { studio, date, cells, technical, payment, amount: rent.total + service.price }) : rent;
  const comment = service ? [demo.comment, `Доплата за «${service.name}» включена в сумму`].filter(Boolean).join('. ') : demo.comment;
  return {
    bookingId,
    intentId: staffBookingIntentId(bookingId),
    studio,
    staffId: DEMO_SEED_ACTOR,
    technical,
    customer: customer ? { name: customer.name, phone: customer.phone, ...(customer.email ? { email: customer.email } : {}), comment } : { name: '', phone: '', comment },
    blocks: [{ date, cells }],
    peopleCount: demo.peopleCount,
    price,
    payment,
    prepayPercent: demo.payment === 'half' ? 50 : 100,
  };
}

/** One of the studio's catalogue services, priced for the booking (an hourly one for every hour). */
async function serviceFor(commands: CommandHandler, demo: DemoBooking): Promise<{ name: string; price: number } | null> {
  const services = Object.values((await commands.read(catalogAggregate, catalogStream(demo.studio))).state.services);
  if (services.length === 0) return null;
  const service = services[demo.cells.length % services.length]!;
  const hours = Math.ceil(demo.cells.length / 2);
  return { name: service.name, price: service.format === 'inhour' ? service.price * hours : service.price };
}

/** What DELETE /bookings/{id} writes for a staff member, after the note a kept prepayment calls for. */
async function deleteAsStaff(commands: CommandHandler, demo: DemoBooking, now: Date, context: CommandContext): Promise<void> {
  const { bookingId } = demo;
  if (demo.payment === 'half') {
    await commands.handle(
      bookingAggregate,
      { type: 'AddBookingNote', data: { bookingId, text: CANCELLED_NOTE, at: now.toISOString(), staffId: DEMO_SEED_ACTOR, staffName: DEMO_STAFF_NAME } },
      context,
    );
  }
  await commands.handle(bookingAggregate, { type: 'CancelBooking', data: { bookingId, reason: 'staff', requestedBy: DEMO_SEED_ACTOR } }, context);
}

import type { z } from 'zod';
import {
  bookingEventSchemas,
  contiguousRanges,
  formatRoubles,
  kopecksToRoubles,
  paymentIntentEventSchemas,
  studioDayEventSchemas,
  type HistoryActorKind,
} from '@studio/domain';

const SCHEMAS = { ...bookingEventSchemas, ...paymentIntentEventSchemas, ...studioDayEventSchemas };
type Schemas = typeof SCHEMAS;
type KnownType = keyof Schemas;
type DataOf<Type extends KnownType> = z.infer<Schemas[Type]>;

/** What earlier events told that a later one does not repeat: amounts of payments and refunds by id. */
interface Memory {
  payments: Map<string, number>;
  refunds: Map<string, number>;
}

type Describer<Type extends KnownType> = (data: DataOf<Type>, memory: Memory) => string;

const money = (kopecks: number | undefined) => (kopecks === undefined ? '' : formatRoubles(kopecksToRoubles(kopecks)));
/** «Оплата получена: 1 600 ₽», or without the amount when no earlier event named it. */
const withAmount = (text: string, kopecks: number | undefined) => (kopecks === undefined ? text : `${text}: ${money(kopecks)}`);

/** 2025-07-15 → 15.07.2025 */
const russianDate = (date: string) => date.split('-').reverse().join('.');

/** «15.07.2025 12:00–14:00» (several ranges of a day joined by commas). */
function cellsOfDay(date: string, cells: readonly string[]): string {
  return `${russianDate(date)} ${contiguousRanges(cells)
    .map(({ start, end }) => `${start}–${end}`)
    .join(', ')}`;
}

const CANCEL_REASONS: Record<DataOf<'BookingCanceled'>['reason'], string> = {
  customer: 'Отменена клиентом',
  staff: 'Отменена администратором',
  payment_canceled: 'Отменена: оплата не прошла',
  hold_expired: 'Отменена: время на оплату истекло',
};

const PURPOSES: Record<DataOf<'ProviderPaymentCreated'>['purpose'], string> = {
  full: 'Выставлена оплата',
  prepayment: 'Выставлена предоплата 50%',
  remainder: 'Выставлена доплата',
  difference: 'Выставлена доплата за перенос',
};

const PAYMENT_STATUSES: Record<DataOf<'ProviderPaymentUpdated'>['status'], string> = {
  pending: 'Оплата ожидается',
  waiting_for_capture: 'Оплата ожидает подтверждения',
  succeeded: 'Оплата получена',
  canceled: 'Оплата не прошла',
};

/** The provider's commonest cancellation reasons (YooKassa's cancellation_details.reason). */
const PAYMENT_CANCEL_REASONS: Record<string, string> = {
  insufficient_funds: 'недостаточно средств',
  '3d_secure_failed': 'не пройдена проверка 3-D Secure',
  expired_on_confirmation: 'истекло время оплаты',
  card_expired: 'истёк срок действия карты',
  payment_method_restricted: 'способ оплаты недоступен',
  canceled_by_merchant: 'отменена магазином',
  general_decline: 'отказ банка',
};

const SET_ASIDE_REASONS: Record<DataOf<'ProviderPaymentSetAside'>['reason'], string> = {
  abandoned: 'больше не проверяется: бронь истекла без оплаты',
  unknown_to_provider: 'не найден в платёжной системе и больше не проверяется',
};

const REFUND_REASONS: Record<DataOf<'RefundRequested'>['reason'], string> = {
  booking_canceled: 'отмена брони',
  hold_expired: 'оплата пришла после окончания брони',
  staff: 'решение администратора',
  rescheduled: 'перенос на более дешёвое время',
};

const LAPSES: Record<DataOf<'BookingRescheduleLapsed'>['reason'], string> = {
  hold_expired: 'доплата не поступила вовремя',
  payment_canceled: 'доплата не прошла',
  replaced: 'клиент выбрал другое время',
  failed: 'не удалось выполнить',
};

/** «по правилам v2». */
const policyText = (version: number) => `по правилам v${version}`;
/** What a move settled: «доплата 1 000 ₽», «возврат 500 ₽» or «без доплаты». */
const settlementText = ({ charge, refund }: { charge: number; refund: number }) => (charge > 0 ? `доплата ${money(charge)}` : refund > 0 ? `возврат ${money(refund)}` : 'без доплаты');

const REFUND_STATUSES: Record<DataOf<'ProviderRefundUpdated'>['status'], string> = {
  pending: 'в обработке',
  succeeded: 'выполнен',
  canceled: 'отклонён',
};

const HOLD_RELEASES: Record<DataOf<'HoldReleased'>['reason'], string> = {
  expired: 'время на оплату истекло',
  cancelled: 'бронь отменена',
  compensation: 'бронь не состоялась',
  'handed-over': 'передано бронированию из листа ожидания',
};

const BOOKING_RELEASES: Record<DataOf<'BookingReleased'>['reason'], string> = {
  cancelled: 'отмена',
  deleted: 'удаление',
  moved: 'перенос',
  compensation: 'бронь не состоялась',
};

const refundLine = (data: { refundId: string; status: DataOf<'ProviderRefundUpdated'>['status'] }, memory: Memory) => {
  const amount = memory.refunds.get(data.refundId);
  return `Возврат${amount === undefined ? '' : ` ${money(amount)}`} ${REFUND_STATUSES[data.status]}`;
};

/** One line per event type of the booking's streams: every type the domain has, so none falls back to its name. */
const DESCRIBERS: { [Type in KnownType]: Describer<Type> } = {
  BookingPlaced: (data) => {
    const when = data.blocks.map((block) => cellsOfDay(block.date, block.cells)).join('; ');
    return `Бронь создана: ${when}, ${money(data.price.total)}${data.prepayPercent === 50 ? ', предоплата 50%' : ''}`;
  },
  BookingConfirmed: (data) => `Бронь подтверждена оплатой: ${money(data.paid)}`,
  BookingPaymentRecorded: (data) => `${data.method === 'transfer' ? 'Доплата переводом учтена' : 'Доплата учтена'}: ${money(data.amount)}`,
  BookingCanceled: (data) =>
    data.policyVersion === undefined
      ? CANCEL_REASONS[data.reason]
      : `${CANCEL_REASONS[data.reason]} ${policyText(data.policyVersion)}: возврат ${money(data.refund ?? 0)}, студия удержала ${money(data.kept ?? 0)}`,
  BookingCompleted: () => 'Бронь завершена',
  BookingNoteAdded: (data) => `Заметка: ${data.text}`,
  BookingCreatedByStaff: (data) => {
    const when = data.blocks.map((block) => cellsOfDay(block.date, block.cells)).join('; ');
    return `${data.technical ? 'Техническая бронь создана администратором' : 'Бронь создана администратором'}: ${when}${data.price.total > 0 ? `, ${money(data.price.total)}` : ''}`;
  },
  BookingMoved: (data) => `Перенесена с ${data.from.map((day) => cellsOfDay(day.date, day.cells)).join('; ')} на ${cellsOfDay(data.to.date, data.to.cells)}`,
  BookingRescheduleRequested: (data) =>
    `Клиент запросил перенос на ${cellsOfDay(data.to.date, data.to.cells)} ${policyText(data.policyVersion)}: новая цена ${money(data.price.total)}, ${settlementText(data)}`,
  BookingRescheduled: (data) =>
    `Перенесена клиентом с ${cellsOfDay(data.from.date, data.from.cells)} на ${cellsOfDay(data.to.date, data.to.cells)} ${policyText(data.policyVersion)}: ${money(data.previousTotal)} → ${money(data.price.total)}, ${settlementText(data)}`,
  BookingRescheduleLapsed: (data) => `Перенос не состоялся (${LAPSES[data.reason]}): бронь осталась на прежнем времени`,
  PaymentIntentRepriced: (data) => `Счёт пересчитан: ${money(data.previousTotal)} → ${money(data.total)}`,
  PaymentIntentCreated: (data) => `Создан счёт на ${money(data.total)}${data.prepayPercent === 50 ? ', предоплата 50%' : ''}`,
  ProviderPaymentCreated: (data, memory) => {
    memory.payments.set(data.paymentId, data.amount);
    return `${PURPOSES[data.purpose]}: ${money(data.amount)}`;
  },
  ProviderPaymentUpdated: (data, memory) => {
    const line = withAmount(PAYMENT_STATUSES[data.status], memory.payments.get(data.paymentId));
    if (data.status !== 'canceled' || !data.reason) return line;
    return `${line} (${PAYMENT_CANCEL_REASONS[data.reason] ?? data.reason})`;
  },
  ProviderPaymentSetAside: (data, memory) => {
    const amount = memory.payments.get(data.paymentId);
    return `Платёж${amount === undefined ? '' : ` ${money(amount)}`} ${SET_ASIDE_REASONS[data.reason]}`;
  },
  TransferPaymentRecorded: (data, memory) => {
    memory.payments.set(data.paymentId, data.amount);
    return `${data.purpose === 'remainder' ? 'Доплата переводом учтена' : 'Оплата переводом учтена'}: ${money(data.amount)}`;
  },
  RefundRequested: (data, memory) => {
    memory.refunds.set(data.refundId, data.amount);
    const why = [REFUND_REASONS[data.reason], data.description].filter(Boolean).join(': ');
    return `Возврат ${money(data.amount)} запрошен (${why})`;
  },
  ProviderRefundCreated: refundLine,
  ProviderRefundUpdated: refundLine,
  SlotsHeld: (data) => `Время удержано до оплаты: ${cellsOfDay(data.date, data.cells)}`,
  HoldConfirmed: (data) => `Время забронировано: ${cellsOfDay(data.date, data.cells)}`,
  HoldReleased: (data) => `Время освобождено (${HOLD_RELEASES[data.reason]}): ${cellsOfDay(data.date, data.cells)}`,
  SlotsReserved: (data) => `${data.technical ? 'Техническая бронь' : 'Время забронировано администратором'}: ${cellsOfDay(data.date, data.cells)}`,
  BookingReleased: (data) => `Время освобождено (${BOOKING_RELEASES[data.reason]}): ${cellsOfDay(data.date, data.cells)}`,
};

const isKnown = (type: string): type is KnownType => Object.hasOwn(DESCRIBERS, type);

/**
 * One Russian line per event, in the order given (the order they were recorded, so a payment's
 * amount is known when its outcome comes). An event of a type this build does not know, or whose
 * data no longer parses, is shown by its type name: the audit view never hides an event.
 */
export function describeEvents(events: readonly { type: string; data: unknown }[]): string[] {
  const memory: Memory = { payments: new Map(), refunds: new Map() };
  return events.map(({ type, data }) => {
    if (!isKnown(type)) return type;
    const parsed = SCHEMAS[type].safeParse(data);
    if (!parsed.success) return type;
    return (DESCRIBERS[type] as Describer<KnownType>)(parsed.data as DataOf<KnownType>, memory);
  });
}

const TOMSK_OFFSET_MS = 7 * 60 * 60 * 1000;

/** «15.07.2025 12:00:05»: the instant on Tomsk's clock (+07:00 all year). */
export function tomskDisplayTime(at: Date): string {
  const iso = new Date(at.getTime() + TOMSK_OFFSET_MS).toISOString();
  return `${russianDate(iso.slice(0, 10))} ${iso.slice(11, 19)}`;
}

export interface HistoryActor {
  kind: HistoryActorKind;
  /** The customer's or staff member's id. */
  id: string | null;
}

/**
 * Who the event's metadata names (`customer:{id}`, `customer:guest`, `staff:{id}`,
 * `provider:payments`, `system:{process}`); anything else, or nothing, was the system's own doing.
 */
export function actorOf(actor: unknown): HistoryActor {
  if (typeof actor !== 'string') return { kind: 'system', id: null };
  const [kind = '', id = ''] = actor.split(/:(.*)/s);
  if (kind === 'customer') return id === 'guest' || id === '' ? { kind: 'guest', id: null } : { kind: 'customer', id };
  if (kind === 'staff' && id !== '') return { kind: 'staff', id };
  if (kind === 'provider') return { kind: 'provider', id: null };
  return { kind: 'system', id: null };
}

/** The name shown for an actor whose record says nothing more (or is not there). */
export const ACTOR_FALLBACK_NAMES: Record<HistoryActorKind, string> = {
  customer: 'Клиент',
  staff: 'Администратор',
  provider: 'Платёжная система',
  system: 'Система',
  guest: 'Гость',
};

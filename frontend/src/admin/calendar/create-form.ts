import { MIN_PAYMENT_LINK_ROUBLES, STAFF_BOOKING_MESSAGES, type StaffCreateBookingRequest } from '@studio/domain';
import { z } from 'zod';
import { parseSelectionKey } from '../../ui/calendar/grid';
import { selectionSummary } from './cells';
import { typedKopecks } from '../../ui/typed-amount';

/** docs/admin-calendar.md#rules «Create booking» and docs/admin-calendar.md#messages, in Russian. */
export const CREATE_MESSAGES = {
  ...STAFF_BOOKING_MESSAGES,
  noSlot: 'Выберите хотя бы один свободный слот',
  badAmount: 'Введите корректную сумму',
  badEmail: 'Введите корректный email',
  failed: (message: string) => `Ошибка при создании брони: ${message}`,
  created: 'Бронь успешно создана',
  createdSome: (created: number, asked: number) => `Создано броней: ${created} из ${asked}`,
  linkCopied: 'Ссылка скопирована',
  copyFailed: 'Не удалось скопировать: выделите ссылку и скопируйте вручную',
} as const;

/** What a technical booking sends for the phone the form disables (the server ignores it). */
export const TECHNICAL_PHONE = 'technical';

export const PAYMENT_WAYS = ['none', 'link', 'transfer'] as const;
export type PaymentWay = (typeof PAYMENT_WAYS)[number];

export const PAYMENT_WAY_LABELS: Record<PaymentWay, string> = {
  none: 'Без оплаты сейчас',
  link: 'Ссылка на оплату',
  transfer: 'Оплата переводом',
};

export interface CreateFormValues {
  /** As the mask shows it: +7 (999) 123-45-67. */
  phone: string;
  name: string;
  surname: string;
  email: string;
  isTechnical: boolean;
  payment: PaymentWay;
  /** Whole roubles for all the chosen slots together; empty means the studio's price. */
  amount: string;
  transferPaymentMode: 'full' | 'prepayment';
  sendEmailConfirmation: boolean;
  /** The photographer booked with the hall (docs/photographers.md), '' for none. */
  photographerId: string;
}

export const EMPTY_CREATE_FORM: CreateFormValues = {
  phone: '',
  name: '',
  surname: '',
  email: '',
  isTechnical: false,
  payment: 'link',
  amount: '',
  transferPaymentMode: 'full',
  sendEmailConfirmation: false,
  photographerId: '',
};

const digitsOf = (phone: string) => phone.replace(/\D/g, '');

/** `total` kopecks shared by `count` slots to the kopeck, the odd kopecks to the first ones. */
export function shareKopecks(total: number, count: number): number[] {
  const base = Math.floor(total / count);
  return Array.from({ length: count }, (_, index) => base + (index < total % count ? 1 : 0));
}

/**
 * The form's rules (docs/admin-calendar.md#rules) for `slots` chosen cells: a phone unless technical, an
 * amount only as a number, and with a payment link at least 100 ₽ for every slot's link, since each
 * half hour is booked (and paid) on its own.
 */
export const createFormSchema = (slots: number) =>
  z
    .object({
      phone: z.string().max(18),
      name: z.string().trim().max(100, 'Не длиннее 100 символов'),
      surname: z.string().trim().max(100, 'Не длиннее 100 символов'),
      email: z.string().trim().max(254, 'Не длиннее 254 символов'),
      isTechnical: z.boolean(),
      payment: z.enum(PAYMENT_WAYS),
      amount: z.string().max(20),
      transferPaymentMode: z.enum(['full', 'prepayment']),
      sendEmailConfirmation: z.boolean(),
      photographerId: z.string().max(100),
    })
    .superRefine((values, context) => {
      const refuse = (path: keyof CreateFormValues, message: string) => context.addIssue({ code: 'custom', path: [path], message });
      if (slots === 0) refuse('phone', CREATE_MESSAGES.noSlot);
      if (values.isTechnical) return;
      if (digitsOf(values.phone).length !== 11) refuse('phone', CREATE_MESSAGES.phoneRequired);
      if (values.email && !z.email().safeParse(values.email).success) refuse('email', CREATE_MESSAGES.badEmail);
      if (values.sendEmailConfirmation && !values.email) refuse('email', CREATE_MESSAGES.emailRequired);
      if (values.payment === 'none') return;
      const total = typedKopecks(values.amount);
      if (total !== null && Number.isNaN(total)) return refuse('amount', CREATE_MESSAGES.badAmount);
      if (values.payment === 'link' && total !== null && Math.min(...shareKopecks(total, Math.max(slots, 1))) < MIN_PAYMENT_LINK_ROUBLES * 100) {
        refuse('amount', CREATE_MESSAGES.minimumAmount);
      }
    });

/**
 * The POST /bookings bodies for the chosen cells (docs/admin-calendar.md#rules «Create in multi-slot mode»):
 * one per half hour in time order, sharing a group when there are several; only the first asks for
 * the e-mail, listing every range chosen. A typed amount is the whole selection's, shared by the slots.
 */
export function createRequests(values: CreateFormValues, keys: readonly string[], groupId: string): StaffCreateBookingRequest[] {
  const sorted = [...keys].sort();
  const total = values.payment === 'none' || values.isTechnical ? null : typedKopecks(values.amount);
  const shares = total === null ? null : shareKopecks(total, sorted.length);
  const segments = selectionSummary(sorted).ranges.map(({ date, start, end }) => ({ date, time_start: start, time_end: end }));
  const contact = values.isTechnical
    ? { phone: TECHNICAL_PHONE }
    : { phone: digitsOf(values.phone), name: values.name.trim(), surname: values.surname.trim(), email: values.email.trim() };
  const email = !values.isTechnical && values.sendEmailConfirmation;
  return sorted.map((key, index) => {
    const { date, cell, end } = parseSelectionKey(key);
    return {
      date,
      time_start: cell,
      time_end: end,
      ...contact,
      isTechnical: values.isTechnical,
      ...(shares ? { amount: shares[index]! / 100 } : {}),
      createPaymentLink: !values.isTechnical && values.payment === 'link' ? 1 : 0,
      transferPayment: !values.isTechnical && values.payment === 'transfer' ? 1 : 0,
      transferPaymentMode: values.transferPaymentMode,
      sendEmailConfirmation: email && index === 0,
      ...(email && index === 0 ? { emailSegments: segments } : {}),
      ...(sorted.length > 1 ? { group_id: groupId } : {}),
      ...(values.photographerId ? { photographer_id: values.photographerId } : {}),
    };
  });
}

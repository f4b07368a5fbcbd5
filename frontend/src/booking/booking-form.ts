import type { z } from 'zod';
import { phoneText } from '@studio/domain';
import { PHONE_SHAPE_MESSAGE } from '../ui/phone-rule';
import type { bookingFormSchema } from './booking-form-schema';

export const MESSAGES = {
  name: 'Укажите имя',
  phone: PHONE_SHAPE_MESSAGE,
  email: 'Введите корректный email',
  rules: 'Пожалуйста, ознакомьтесь с правилами бронирования и подтвердите согласие',
  slots: 'Выберите дату и время',
  photographerNeedsHour: 'Для выбора фотографа необходимо непрерывное бронирование от 1 часа',
  photographer: 'Выберите фотографа',
  noPhotographers: 'Фотографы не найдены, обратитесь к администратору',
  /** Step 2 when every photographer is busy or off for the selection (docs/photographers.md). */
  noFreePhotographers: 'Свободных фотографов на это время нет',
  profileEmail: 'В профиле не указан email. Добавьте его в личном кабинете перед бронированием',
} as const;

export const SHOOTING_FORMAT_OPTIONS = ['self', 'with_photographer', 'event'] as const;

export type BookingFormValues = z.input<typeof bookingFormSchema>;

export const EMPTY_FORM: BookingFormValues = {
  format: 'self',
  photographerId: '',
  peopleCount: '1',
  services: [],
  name: '',
  phone: '',
  email: '',
  comment: '',
  promo: '',
  rules: false,
  prepay: false,
};

/** The fields `trigger()` checks before leaving each step (2 … 4). */
export const STEP_FIELDS: Record<2 | 3 | 4, (keyof BookingFormValues)[]> = {
  2: ['format', 'photographerId', 'peopleCount'],
  3: ['services'],
  4: ['name', 'phone', 'email', 'comment', 'promo', 'rules', 'prepay'],
};

/** People count on leaving the field: anything not a whole number of at least 1 becomes 1. */
export function normalisePeopleCount(raw: string): string {
  const n = Number.parseInt(raw, 10);
  return Number.isFinite(n) && n >= 1 ? String(Math.min(n, 500)) : '1';
}

/** While typing: digits only, and empty stays empty. */
export const typedPeopleCount = (raw: string): string => raw.replace(/\D/g, '').slice(0, 3);

/** Where a server's `field` is shown on the page; the steps own their fields. */
export function formFieldOf(serverField: string | undefined): { field: keyof BookingFormValues; step: 2 | 3 | 4 } | { field: null; step: 1 } | null {
  switch (serverField) {
    case 'contact.name':
    case 'name':
      return { field: 'name', step: 4 };
    case 'contact.phone':
    case 'phone':
      return { field: 'phone', step: 4 };
    case 'contact.email':
    case 'email':
      return { field: 'email', step: 4 };
    case 'contact.comment':
    case 'comment':
      return { field: 'comment', step: 4 };
    case 'promoCode':
      return { field: 'promo', step: 4 };
    case 'format':
    case 'format.photographer_id':
      return { field: 'photographerId', step: 2 };
    case 'format.people_count':
    case 'peopleCount':
      return { field: 'peopleCount', step: 2 };
    case 'services':
      return { field: 'services', step: 3 };
    case 'timeSlots':
    case 'cells':
      return { field: null, step: 1 };
    default:
      return null;
  }
}

/** The contact fields as a signed-in customer's profile fills them: the server books under the profile whatever is sent. */
export function profileContact(user: { name: string; surname: string; phone: string; email: string | null }): Pick<BookingFormValues, 'name' | 'phone' | 'email'> {
  return { name: `${user.name} ${user.surname}`.trim(), phone: phoneText(user.phone), email: user.email ?? '' };
}

const formKey = (studio: string) => `booking-form:${studio}`;

/** Steps 2–4 survive the tabs, a reload and the trip to the payment page, as step 1 does. */
export function readSavedForm(store: Pick<Storage, 'getItem'> | null, studio: string): { values: BookingFormValues; step: number } {
  try {
    const raw = JSON.parse(store?.getItem(formKey(studio)) ?? 'null') as { values?: Partial<BookingFormValues>; step?: unknown } | null;
    const values = { ...EMPTY_FORM };
    for (const key of Object.keys(EMPTY_FORM) as (keyof BookingFormValues)[]) {
      const saved = raw?.values?.[key];
      if (saved !== undefined && typeof saved === typeof EMPTY_FORM[key] && Array.isArray(saved) === Array.isArray(EMPTY_FORM[key])) {
        (values as Record<string, unknown>)[key] = saved;
      }
    }
    if (Array.isArray(values.services)) values.services = values.services.filter((id) => typeof id === 'string');
    if (!SHOOTING_FORMAT_OPTIONS.includes(values.format)) values.format = 'self';
    const step = typeof raw?.step === 'number' && raw.step >= 1 && raw.step <= 4 ? raw.step : 1;
    return { values, step };
  } catch {
    return { values: { ...EMPTY_FORM }, step: 1 };
  }
}

export function writeSavedForm(store: Pick<Storage, 'setItem'> | null, studio: string, values: BookingFormValues, step: number): void {
  try {
    store?.setItem(formKey(studio), JSON.stringify({ values, step }));
  } catch {
    // A refused storage costs only the form after a reload.
  }
}

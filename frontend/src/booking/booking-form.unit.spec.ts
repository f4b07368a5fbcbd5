import { describe, expect, it } from 'vitest';
import { EMPTY_FORM, formFieldOf, MESSAGES, normalisePeopleCount, readSavedForm, typedPeopleCount } from './booking-form';
import { bookingFormSchema } from './booking-form-schema';
import { stripTrunkPrefix } from '../ui/phone-mask';

const valid = { ...EMPTY_FORM, name: 'Анна', phone: '+7 (999) 123-45-67', email: 'anna@example.ru', rules: true };
const messages = (values: object) => {
  const result = bookingFormSchema.safeParse(values);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('the booking form', () => {
  it('accepts a filled guest form', () => {
    expect(messages(valid)).toEqual({});
  });

  it('names every missing or bad contact in Russian at its field', () => {
    expect(messages({ ...EMPTY_FORM })).toEqual({ name: MESSAGES.name, phone: MESSAGES.phone, email: MESSAGES.email, rules: MESSAGES.rules });
    expect(messages({ ...valid, phone: '+7 (999) 123-45' })).toEqual({ phone: MESSAGES.phone });
    expect(messages({ ...valid, email: 'anna@' })).toEqual({ email: MESSAGES.email });
  });

  it('wants a photographer with that format', () => {
    expect(messages({ ...valid, format: 'with_photographer' })).toEqual({ photographerId: MESSAGES.photographer });
  });

  it('keeps the people count empty while typing and makes anything below 1 a 1 when left', () => {
    expect(typedPeopleCount('')).toBe('');
    expect(typedPeopleCount('1a2')).toBe('12');
    expect(normalisePeopleCount('')).toBe('1');
    expect(normalisePeopleCount('0')).toBe('1');
    expect(normalisePeopleCount('7')).toBe('7');
    expect(normalisePeopleCount('900')).toBe('500');
  });

  it('maps the server’s field to the step and field that show it', () => {
    expect(formFieldOf('contact.phone')).toEqual({ field: 'phone', step: 4 });
    expect(formFieldOf('services')).toEqual({ field: 'services', step: 3 });
    expect(formFieldOf('cells')).toEqual({ field: null, step: 1 });
  });

  it('sends a refused time back to the calendar and a refused total above the button', () => {
    expect(formFieldOf('timeSlots')).toEqual({ field: null, step: 1 });
    expect(formFieldOf('totalPrice')).toBeNull();
  });

  it('restores what a tab saved and ignores anything malformed', () => {
    const store = (value: string) => ({ getItem: () => value });
    expect(readSavedForm(store(JSON.stringify({ values: { ...valid, format: 'party', services: ['a', 3] }, step: 3 })), 'pochta')).toEqual({
      values: { ...valid, services: ['a'] },
      step: 3,
    });
    expect(readSavedForm(store('{'), 'pochta')).toEqual({ values: EMPTY_FORM, step: 1 });
  });
});

describe('the phone mask', () => {
  const state = { value: '', selection: [0, 0] as const };
  it('drops a pasted leading 8 or 7', () => {
    expect(stripTrunkPrefix({ elementState: state, data: '8 999 123-45-67' }, 'insert').data).toBe('9991234567');
    expect(stripTrunkPrefix({ elementState: state, data: '+79991234567' }, 'insert').data).toBe('9991234567');
    expect(stripTrunkPrefix({ elementState: state, data: '9991234567' }, 'insert').data).toBe('9991234567');
  });
});

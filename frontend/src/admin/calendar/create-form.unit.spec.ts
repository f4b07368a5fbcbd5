import { staffCreateBookingRequestSchema } from '@studio/domain';
import { describe, expect, it } from 'vitest';
import { selectionKey } from '../../ui/calendar/grid';
import { typedKopecks } from '../../ui/typed-amount';
import { CREATE_MESSAGES, createFormSchema, createRequests, EMPTY_CREATE_FORM, shareKopecks, TECHNICAL_PHONE, type CreateFormValues } from './create-form';

const date = '2026-12-03';
const keys = [selectionKey(date, '15:00'), selectionKey(date, '14:00'), selectionKey(date, '14:30')];
const filled: CreateFormValues = { ...EMPTY_CREATE_FORM, phone: '+7 (913) 555-12-34', name: ' Анна ', surname: 'Смирнова', email: 'anna@example.ru' };
const group = '0b7f3b8e-7d2a-4b6e-9f43-1d2c3b4a5e6f';

const problems = (values: CreateFormValues, slots: number) => {
  const result = createFormSchema(slots).safeParse(values);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('the create form’s rules', () => {
  it('asks for a phone unless the booking is technical', () => {
    expect(problems({ ...filled, phone: '+7 (913) 555' }, 1)).toEqual({ phone: CREATE_MESSAGES.phoneRequired });
    expect(problems({ ...EMPTY_CREATE_FORM, isTechnical: true }, 1)).toEqual({});
  });

  it('refuses a link below 100 ₽ for any one slot, and an unreadable amount', () => {
    expect(problems({ ...filled, amount: '99' }, 1)).toEqual({ amount: CREATE_MESSAGES.minimumAmount });
    expect(problems({ ...filled, amount: '250' }, 3)).toEqual({ amount: CREATE_MESSAGES.minimumAmount });
    expect(problems({ ...filled, amount: '300' }, 3)).toEqual({});
    expect(problems({ ...filled, amount: 'сто' }, 1)).toEqual({ amount: CREATE_MESSAGES.badAmount });
    // A transfer may record any amount; no payment now ignores it.
    expect(problems({ ...filled, payment: 'transfer', amount: '50' }, 1)).toEqual({});
    expect(problems({ ...filled, payment: 'none', amount: 'сто' }, 1)).toEqual({});
  });

  it('needs an e-mail to send the confirmation to, and a well-formed one', () => {
    expect(problems({ ...filled, email: '', sendEmailConfirmation: true }, 1)).toEqual({ email: CREATE_MESSAGES.emailRequired });
    expect(problems({ ...filled, email: 'anna@' }, 1)).toEqual({ email: CREATE_MESSAGES.badEmail });
  });

  it('refuses to create with no slot chosen', () => {
    expect(problems(filled, 0)).toEqual({ phone: CREATE_MESSAGES.noSlot });
  });
});

describe('the amounts', () => {
  it('reads roubles with a comma or a point, and nothing as the studio’s price', () => {
    expect(typedKopecks('1500')).toBe(150_000);
    expect(typedKopecks('1500,5')).toBe(150_050);
    expect(typedKopecks('  ')).toBeNull();
    expect(typedKopecks('-5')).toBeNaN();
    expect(typedKopecks('1,005')).toBeNaN();
  });

  it('shares a total between slots to the kopeck, the odd kopecks first', () => {
    expect(shareKopecks(100_001, 3)).toEqual([33_334, 33_334, 33_333]);
    expect(shareKopecks(100_001, 3).reduce((a, b) => a + b)).toBe(100_001);
  });
});

describe('the requests of a multi-slot creation', () => {
  it('are one per half hour in time order, in one group, the e-mail and every range on the first only', () => {
    const requests = createRequests({ ...filled, amount: '3000,01', sendEmailConfirmation: true }, keys, group);
    expect(requests.map((r) => `${r.time_start}-${r.time_end}`)).toEqual(['14:00-14:30', '14:30-15:00', '15:00-15:30']);
    expect(requests.map((r) => r.amount)).toEqual([1000.01, 1000, 1000]);
    expect(requests.every((r) => r.group_id === group && r.phone === '79135551234' && r.name === 'Анна' && r.createPaymentLink === 1 && r.transferPayment === 0)).toBe(true);
    expect(requests.map((r) => r.sendEmailConfirmation)).toEqual([true, false, false]);
    expect(requests[0]?.emailSegments).toEqual([{ date, time_start: '14:00', time_end: '15:30' }]);
    expect(requests[1]).not.toHaveProperty('emailSegments');
    // Each is what the server accepts.
    for (const request of requests) expect(staffCreateBookingRequestSchema.safeParse(request).success).toBe(true);
  });

  it('name the chosen photographer on every half hour, and none when «Без фотографа» (docs/photographers.md)', () => {
    const requests = createRequests({ ...filled, photographerId: 'anna' }, keys, group);
    expect(requests.map((r) => r.photographer_id)).toEqual(['anna', 'anna', 'anna']);
    for (const request of requests) expect(staffCreateBookingRequestSchema.safeParse(request).success).toBe(true);
    expect(createRequests(filled, keys, group).some((r) => 'photographer_id' in r)).toBe(false);
  });

  it('for one cell carry no group, and leave the price to the studio when no amount is typed', () => {
    const [only, ...rest] = createRequests({ ...filled, payment: 'transfer', transferPaymentMode: 'prepayment' }, [keys[0]!], group);
    expect(rest).toEqual([]);
    expect(only).not.toHaveProperty('group_id');
    expect(only).not.toHaveProperty('amount');
    expect(only).toMatchObject({ transferPayment: 1, createPaymentLink: 0, transferPaymentMode: 'prepayment' });
  });

  it('of a technical booking send the marker for a phone, no contacts, no payment and no e-mail', () => {
    const [only] = createRequests({ ...filled, isTechnical: true, amount: '500', sendEmailConfirmation: true }, [keys[0]!], group);
    expect(only).toMatchObject({ phone: TECHNICAL_PHONE, isTechnical: true, createPaymentLink: 0, transferPayment: 0, sendEmailConfirmation: false });
    expect(only).not.toHaveProperty('name');
    expect(only).not.toHaveProperty('amount');
  });
});

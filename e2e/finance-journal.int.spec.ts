// The finance journal over HTTP (issue 11): payments made through the real paths (a guest's full
// payment, a customer's 50% prepayment, a declined payment, all on the sandbox provider) and a
// partial refund by staff are the journal's rows with their status changes; the totals and the CSV
// are checked against figures computed here from what the checkouts answered. Reconciliation asks
// the provider and finds a payment whose recorded status was made to differ.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, tomskToday, IDEMPOTENCY_KEY_HEADER, paymentIntentAggregate, paymentIntentStream, type FinanceJournalAnswer, type FinanceRow } from '@studio/domain';
import { databaseNow, eventually } from '@studio/platform/testing';
import { checkoutAtServerPrice, futureDate, given, guestIntentBody, openStack, postJson, registerCustomer, type Stack, type TestStaffMember } from './kit';

let stack: Stack;
let finance: TestStaffMember;
let superAdmin: TestStaffMember;

/** What the test made, in kopecks, from the checkouts' own answers. */
const made = {
  full: { bookingId: '', paymentId: '', kopecks: 0 },
  prepay: { bookingId: '', paymentId: '', totalKopecks: 0, kopecks: 0 },
  declined: { bookingId: '', paymentId: '' },
  refundKopecks: 500_00,
};
/** A name a spreadsheet would split or run as a formula if it were not quoted and made inert. */
const GUEST_NAME = '=Анна "Ж"; Ко';
// The journal dates each payment by when the store recorded it: the database's clock, not the test clock.
let today: string;
let period: string;

const bookingOf = async (intentId: string) => (await stack.store.readStream(paymentIntentStream(intentId)))[0]!.data as { bookingId: string };

beforeAll(async () => {
  stack = await openStack({ name: 'finance_journal', commandApi: true, queryApi: true, projections: true, workers: true, seed: true });
  today = tomskToday(await databaseNow(stack.pool));
  period = `start=${addDays(today, -1)}&end=${today}`;
  [finance, superAdmin] = await Promise.all([stack.staffLogin('finance', 'Вера'), stack.staffLogin('super', 'Ольга')]);

  // A guest pays the whole price at pochta.
  const full = await checkoutAtServerPrice(stack.commandUrl, { ...guestIntentBody(futureDate(20), ['12:00-13:00'], 0), contact: { name: GUEST_NAME, phone: '+7 (913) 555-00-11', email: 'guest@example.ru', comment: '' } });
  stack.payments!.settle(full.paymentId, 'paid');
  made.full = { bookingId: (await bookingOf(full.intentId)).bookingId, paymentId: full.paymentId, kopecks: Math.round(full.price * 100) };

  // A signed-in customer pays half at kirova.
  const customer = await registerCustomer(stack.commandUrl, { phone: '+7 (913) 555-00-22', name: 'Пётр', surname: 'Сидоров', email: 'petr@example.ru' });
  const prepayBody = { ...guestIntentBody(futureDate(21), ['14:00-15:30'], 0), studio: 'kirova', prepayPercent: 50 };
  const prepay = await checkoutAtServerPrice(stack.commandUrl, prepayBody, { cookie: customer.cookie });
  stack.payments!.settle(prepay.paymentId, 'paid');
  const prepayTotal = Math.round(prepay.price * 100);
  made.prepay = { bookingId: (await bookingOf(prepay.intentId)).bookingId, paymentId: prepay.paymentId, totalKopecks: prepayTotal, kopecks: Math.floor(prepayTotal / 2) };

  // A guest's bank declines at masterskaya.
  const declined = await checkoutAtServerPrice(stack.commandUrl, { ...guestIntentBody(futureDate(22), ['16:00-17:00'], 0), studio: 'masterskaya' });
  stack.payments!.settle(declined.paymentId, 'insufficient_funds');
  made.declined = { bookingId: (await bookingOf(declined.intentId)).bookingId, paymentId: declined.paymentId };

  // Staff give 500 ₽ of the full payment back, once it has reached the booking.
  await eventually(async () => (await journal('status=succeeded&kind=payment')).total === 2, 20_000);
  const refund = await postJson(stack.commandUrl, `/api/bookings/${made.full.bookingId}/refund`, { amount: '500.00', paymentId: made.full.paymentId }, 'POST', {
    ...superAdmin.headers,
    [IDEMPOTENCY_KEY_HEADER]: randomUUID(),
  });
  expect(refund.status, JSON.stringify(refund.body)).toBe(200);
  // Everything settled: the refund went through and the declined booking is cancelled (it owes nothing).
  await eventually(async () => {
    const { rows } = await journal();
    const statuses = rows.map((row) => `${row.kind}:${row.status}`).sort();
    const declinedBooking = await stack.pool.query(`SELECT status FROM bookings WHERE booking_id = $1`, [made.declined.bookingId]);
    return JSON.stringify(statuses) === JSON.stringify(['payment:canceled', 'payment:succeeded', 'payment:succeeded', 'refund:succeeded']) && declinedBooking.rows[0]?.status === 'canceled';
  }, 20_000);
}, 120_000);
afterAll(() => stack?.stop());

async function journal(params = ''): Promise<FinanceJournalAnswer['data']> {
  const res = await stack.query(`/api/admin/finance/journal?${period}&${params}`, finance.headers);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}
const roubles = (kopecks: number) => kopecks / 100;
const rowOf = (rows: FinanceRow[], kind: string, id: string) => rows.find((row) => row.kind === kind && (kind === 'refund' ? row.payment_id === id : row.id === id))!;

describe('the journal', () => {
  it('lists every payment and refund with its booking, customer, studio, money, method, provider id and status changes, newest first', async () => {
    const { rows, total, totalPages } = await journal();
    expect({ total, totalPages, count: rows.length }).toEqual({ total: 4, totalPages: 1, count: 4 });
    expect(rows.map((row) => row.created_at)).toEqual(rows.map((row) => row.created_at).sort().reverse());
    const history = (row: FinanceRow) => row.status_changes.map((change) => change.status);

    const full = rowOf(rows, 'payment', made.full.paymentId);
    expect(full).toMatchObject({
      booking_id: made.full.bookingId,
      customer_name: GUEST_NAME,
      customer_phone: '79135550011',
      studio: 'pochta',
      amount: roubles(made.full.kopecks),
      purpose: 'full',
      method: 'bank_card',
      provider_id: made.full.paymentId,
      status: 'succeeded',
    });
    expect(history(full)).toEqual(['pending', 'succeeded']);

    const prepay = rowOf(rows, 'payment', made.prepay.paymentId);
    expect(prepay).toMatchObject({ booking_id: made.prepay.bookingId, customer_name: 'Пётр Сидоров', studio: 'kirova', amount: roubles(made.prepay.kopecks), purpose: 'prepayment', status: 'succeeded' });
    expect(history(prepay)).toEqual(['pending', 'succeeded']);

    const declined = rowOf(rows, 'payment', made.declined.paymentId);
    expect(declined).toMatchObject({ booking_id: made.declined.bookingId, studio: 'masterskaya', status: 'canceled' });
    expect(history(declined)).toEqual(['pending', 'canceled']);

    const refund = rowOf(rows, 'refund', made.full.paymentId);
    expect(refund).toMatchObject({ booking_id: made.full.bookingId, amount: 500, purpose: 'staff', method: 'bank_card', status: 'succeeded', studio: 'pochta' });
    expect(refund.provider_id).toEqual(expect.any(String));
    expect(history(refund)[0]).toBe('requested');
    expect(history(refund).at(-1)).toBe('succeeded');
    for (const row of rows) {
      const times = row.status_changes.map((change) => change.at);
      expect(times).toEqual([...times].sort());
    }
  });

  it('totals what came in, what went back, the net and what live bookings still owe', async () => {
    const received = made.full.kopecks + made.prepay.kopecks;
    const refunded = made.refundKopecks;
    // The declined booking is cancelled and owes nothing; the others owe their totals less what they kept.
    const outstanding = made.full.kopecks - (made.full.kopecks - refunded) + (made.prepay.totalKopecks - made.prepay.kopecks);
    expect((await journal()).totals).toEqual({ received: roubles(received), refunded: roubles(refunded), net: roubles(received - refunded), outstanding: roubles(outstanding) });
    // A studio's totals are its own.
    expect((await journal('studio=kirova')).totals).toEqual({ received: roubles(made.prepay.kopecks), refunded: 0, net: roubles(made.prepay.kopecks), outstanding: roubles(made.prepay.totalKopecks - made.prepay.kopecks) });
  });

  it('filters by kind, status, studio and period, and pages', async () => {
    const ids = async (params: string) => (await journal(params)).rows.map((row) => `${row.kind}:${row.studio}:${row.status}`).sort();
    expect(await ids('kind=refund')).toEqual(['refund:pochta:succeeded']);
    expect(await ids('status=canceled')).toEqual(['payment:masterskaya:canceled']);
    expect(await ids('studio=pochta')).toEqual(['payment:pochta:succeeded', 'refund:pochta:succeeded']);
    expect(await ids('studio=pochta&kind=payment&status=succeeded')).toEqual(['payment:pochta:succeeded']);
    expect(await ids('status=&kind=&studio=')).toHaveLength(4);
    const later = await stack.query(`/api/admin/finance/journal?start=${addDays(today, 1)}&end=${addDays(today, 2)}`, finance.headers);
    expect(later.body.data).toEqual({ rows: [], total: 0, totalPages: 0, totals: { received: 0, refunded: 0, net: 0, outstanding: 0 } });
    const all = (await journal()).rows.map((row) => row.id);
    const second = await journal('page=2&limit=3');
    expect({ total: second.total, totalPages: second.totalPages, ids: second.rows.map((row) => row.id) }).toEqual({ total: 4, totalPages: 2, ids: all.slice(3) });
  });

  it.each([
    ['start=2026-02-30', 'start'],
    ['end=tomorrow', 'end'],
    ['start=2026-03-02&end=2026-03-01', 'end'],
    ['start=2025-01-01&end=2026-01-02', 'end'],
    ['studio=moon', 'studio'],
    ['status=paid', 'status'],
    ['status=succeeded&status=canceled', 'status'],
    ['kind=transfer', 'kind'],
    [`kind=${'x'.repeat(41)}`, 'kind'],
    ['page=0', 'page'],
    ['limit=201', 'limit'],
    ['limit=1e3', 'limit'],
  ])('refuses %s with a 400 naming %s, on every call of the journal', async (params, field) => {
    for (const path of ['journal', 'journal.csv', 'reconciliation']) {
      const res = await stack.query(`/api/admin/finance/${path}?${params}`, finance.headers);
      expect({ path, status: res.status, field: res.body?.field, code: res.body?.code }).toEqual({ path, status: 400, field, code: 'invalid_input' });
    }
  });
});

/** The cells of a CSV text as RFC 4180 reads them, with `;` between cells. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    const pair = c + (text[i + 1] ?? '');
    if (quoted && pair === '""') {
      cell += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (!quoted && c === ';') {
      row.push(cell);
      cell = '';
    } else if (!quoted && pair === '\r\n') {
      rows.push([...row, cell]);
      row = [];
      cell = '';
      i++;
    } else {
      cell += c;
    }
  }
  return rows;
}

const tomskText = (iso: string) =>
  new Intl.DateTimeFormat('ru-RU', { timeZone: 'Asia/Tomsk', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(new Date(iso)).replace(',', '');

describe('the CSV', () => {
  it('opens in a Russian spreadsheet: UTF-8 with a BOM, `;` between cells, decimal commas, Russian headers, quoted where needed, as an attachment', async () => {
    const res = await fetch(`${stack.queryUrl}/api/admin/finance/journal.csv?${period}`, { headers: finance.headers });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="finance-${addDays(today, -1)}-${today}.csv"`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes.slice(3));
    expect(text.endsWith('\r\n')).toBe(true);
    const [header, ...lines] = parseCsv(text);
    expect(header).toEqual(['Создан', 'Вид', 'Бронь', 'Клиент', 'Телефон', 'Студия', 'Сумма, ₽', 'Назначение', 'Способ', 'ID у провайдера', 'Статус', 'Изменён', 'История статусов']);
    const { rows } = await journal();
    expect(lines).toHaveLength(rows.length);
    const comma = (kopecks: number) => `${Math.floor(kopecks / 100)},${String(kopecks % 100).padStart(2, '0')}`;
    const full = rowOf(rows, 'payment', made.full.paymentId);
    expect(lines.find((line) => line[9] === made.full.paymentId)).toEqual([
      tomskText(full.created_at),
      'Оплата',
      made.full.bookingId,
      // Quoted for its `;` and `"`, and an apostrophe before the `=` a spreadsheet would run.
      `'${GUEST_NAME}`,
      // The domestic way: a leading + would start a formula.
      '8 (913) 555-00-11',
      'Почта',
      comma(made.full.kopecks),
      'Полная оплата',
      'Банковская карта',
      made.full.paymentId,
      'Проведён',
      tomskText(full.updated_at),
      full.status_changes.map((change, i) => `${['Ожидает оплаты', 'Проведён'][i]} ${tomskText(change.at)}`).join(' → '),
    ]);
    expect(text).toContain(`"'=Анна ""Ж""; Ко"`);
    const refundLine = lines.find((line) => line[1] === 'Возврат')!;
    expect(refundLine.slice(5, 11)).toEqual(['Почта', '500,00', 'Решение администратора', 'Банковская карта', rowOf(rows, 'refund', made.full.paymentId).provider_id, 'Проведён']);
    expect(lines.find((line) => line[2] === made.prepay.bookingId)![6]).toBe(comma(made.prepay.kopecks));
    expect(lines.find((line) => line[2] === made.declined.bookingId)!.slice(5, 11)).toEqual(['Мастерская', expect.stringMatching(/^\d+,\d\d$/), 'Полная оплата', 'Банковская карта', made.declined.paymentId, 'Отменён']);
  });

  it('holds only what the filters match', async () => {
    const res = await fetch(`${stack.queryUrl}/api/admin/finance/journal.csv?${period}&kind=refund`, { headers: finance.headers });
    const lines = parseCsv(new TextDecoder().decode(await res.arrayBuffer()));
    expect(lines.slice(1).map((line) => line[1])).toEqual(['Возврат']);
  });
});

describe('reconciliation', () => {
  it('finds nothing while every payment is as the provider has it, then the payment whose recorded status differs', async () => {
    const clean = await stack.query(`/api/admin/finance/reconciliation?${period}`, finance.headers);
    expect(clean.body).toEqual({ success: true, data: { checked: 3, truncated: false, unanswered: 0, mismatches: [] } });

    // A payment the provider still has as pending, recorded as cancelled: a lost or wrong status no sync revisits.
    const seeded = await checkoutAtServerPrice(stack.commandUrl, { ...guestIntentBody(futureDate(23), ['18:00-19:00'], 0), studio: 'kirova' });
    const { bookingId } = await bookingOf(seeded.intentId);
    const at = await given(stack.store, paymentIntentAggregate, paymentIntentStream(seeded.intentId), [
      { type: 'ProviderPaymentUpdated', data: { intentId: seeded.intentId, paymentId: seeded.paymentId, status: 'canceled', reason: 'expired_on_confirmation' } },
    ]);
    // Up to this event, not the last one readers see now: another database's open transaction on the cluster can hold that back.
    await stack.caughtUp(at);
    const found = await stack.query(`/api/admin/finance/reconciliation?${period}`, finance.headers);
    expect(found.body).toEqual({
      success: true,
      data: { checked: 4, truncated: false, unanswered: 0, mismatches: [{ payment_id: seeded.paymentId, booking_id: bookingId, studio: 'kirova', amount: seeded.price, ours: 'canceled', provider: 'pending' }] },
    });
    // A studio without it has none.
    expect((await stack.query(`/api/admin/finance/reconciliation?${period}&studio=pochta`, finance.headers)).body.data).toMatchObject({ checked: 1, mismatches: [] });
  });
});

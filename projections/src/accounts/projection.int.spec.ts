import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountsTables } from '@studio/domain';
import { createKysely } from '@studio/platform';
import { openStack, type Stack } from '@studio/e2e/kit';
import { projectionSpec, type StreamEvent } from '../test-support';
import { accountsProjection } from './projection';

let stack: Stack;
let spec: ReturnType<typeof projectionSpec<AccountsTables>>;
beforeAll(async () => {
  stack = await openStack({ name: 'proj_accounts' });
  spec = projectionSpec(accountsProjection, createKysely(stack.pool));
});
afterAll(() => stack?.stop());

const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA';
const PHONE = '+79001234567';
const registered = (data: Partial<{ customerId: string; viaBookingId: string; surname: string }> = {}) => ({
  stream: `customer-${data.customerId ?? 'c1'}`,
  type: 'CustomerRegistered',
  data: { customerId: 'c1', name: 'Анна', surname: 'Иванова', email: 'anna@example.com', phone: PHONE, passwordHash: HASH, registeredAt: '2030-01-02T03:04:05.000Z', ...data },
});
const onC1 = (type: string, data: Record<string, unknown>): StreamEvent => ({ stream: 'customer-c1', type, data: { customerId: 'c1', ...data } });
const rows = (events: StreamEvent[]) =>
  spec.givenStreams(events).then((trx) => trx.selectFrom('customers').select(['id', 'name', 'surname', 'email', 'phone', 'created_at', 'via_booking_id', 'phone_verified']).orderBy('id').execute());

describe('accounts projection', () => {
  it('shows a registration on /register unverified, and one opened at booking verified (its password went to that phone)', async () => {
    const { rows: seen } = await rows([registered(), registered({ customerId: 'c2', viaBookingId: 'b7', surname: '' })]);
    expect(seen).toEqual([
      { id: 'c1', name: 'Анна', surname: 'Иванова', email: 'anna@example.com', phone: PHONE, created_at: new Date('2030-01-02T03:04:05.000Z'), via_booking_id: null, phone_verified: false },
      { id: 'c2', name: 'Анна', surname: '', email: 'anna@example.com', phone: PHONE, created_at: new Date('2030-01-02T03:04:05.000Z'), via_booking_id: 'b7', phone_verified: true },
    ]);
  });

  it('follows the profile and the phone code, and ignores a password change and the codes sent or rejected', async () => {
    const { rows: seen } = await rows([
      registered(),
      onC1('CustomerProfileChanged', { name: 'Анна-Мария', surname: 'Петрова', email: null }),
      onC1('CustomerPasswordChanged', { passwordHash: HASH }),
      onC1('PhoneCodeSent', { codeHash: 'a'.repeat(64), sentAt: '2030-01-02T04:00:00.000Z', expiresAt: '2030-01-02T04:10:00.000Z' }),
      onC1('PhoneCodeRejected', { attemptsLeft: 2, rejectedAt: '2030-01-02T04:01:00.000Z' }),
      onC1('PhoneVerified', { verifiedAt: '2030-01-02T04:02:00.000Z' }),
    ]);
    expect(seen).toEqual([{ id: 'c1', name: 'Анна-Мария', surname: 'Петрова', email: null, phone: PHONE, created_at: new Date('2030-01-02T03:04:05.000Z'), via_booking_id: null, phone_verified: true }]);
  });

  it('drops an account whose phone another registration claimed first; the phone claims themselves are no rows', async () => {
    const { rows: seen } = await rows([
      { stream: `customer-phone-${PHONE}`, type: 'CustomerPhoneClaimed', data: { phone: PHONE, customerId: 'c2' } },
      registered(),
      onC1('CustomerRegistrationWithdrawn', { reason: 'phone_taken' }),
    ]);
    expect(seen).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PromoEvent, PromoTables } from '@studio/domain';
import { createKysely } from '@studio/platform';
import { openStack, type Stack } from '@studio/e2e/kit';
import { projectionSpec } from '../test-support';
import { promoProjection } from './projection';

let stack: Stack;
let spec: ReturnType<typeof projectionSpec<PromoTables>>;
beforeAll(async () => {
  stack = await openStack({ name: 'proj_promo' });
  spec = projectionSpec(promoProjection, createKysely(stack.pool));
});
afterAll(() => stack?.stop());

const created: PromoEvent = { type: 'PromoCodeCreated', data: { code: 'LETO', discountPercent: 10, usageLimit: 3, studios: ['kirova'], expiresAt: null } };
const used = (bookingId: string): PromoEvent => ({ type: 'PromoCodeUsed', data: { code: 'LETO', bookingId } });
const rows = (events: PromoEvent[]) =>
  spec.given('promo-LETO', events).then((trx) => trx.selectFrom('promo_codes').select(['code', 'discount_percent', 'usage_limit', 'used', 'studios', 'expires_at', 'is_active']).execute());

describe('promo projection', () => {
  it('counts the uses bookings hold: one per use, one back per return', async () => {
    const { rows: seen } = await rows([created, used('b1'), used('b2'), { type: 'PromoCodeUseReturned', data: { code: 'LETO', bookingId: 'b1' } }]);
    expect(seen).toEqual([{ code: 'LETO', discount_percent: 10, usage_limit: 3, used: 1, studios: ['kirova'], expires_at: null, is_active: true }]);
  });

  it('replaces the terms, keeps the uses, and follows the switch', async () => {
    const { rows: seen } = await rows([
      created,
      used('b1'),
      { type: 'PromoCodeUpdated', data: { code: 'LETO', discountPercent: 25, usageLimit: 9, studios: ['pochta', 'kirova', 'masterskaya'], expiresAt: '2030-01-01T00:00:00.000Z' } },
      { type: 'PromoCodeDeactivated', data: { code: 'LETO' } },
    ]);
    expect(seen).toEqual([
      { code: 'LETO', discount_percent: 25, usage_limit: 9, used: 1, studios: ['pochta', 'kirova', 'masterskaya'], expires_at: new Date('2030-01-01T00:00:00.000Z'), is_active: false },
    ]);
  });

  it('drops a deleted code; made again, it starts afresh', async () => {
    expect((await rows([created, used('b1'), { type: 'PromoCodeDeleted', data: { code: 'LETO' } }])).rows).toEqual([]);
    const { rows: again } = await rows([created, used('b1'), { type: 'PromoCodeDeleted', data: { code: 'LETO' } }, created]);
    expect(again).toMatchObject([{ code: 'LETO', used: 0, is_active: true }]);
  });
});

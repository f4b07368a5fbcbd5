import { sql, type Transaction } from 'kysely';
import { promoEventSchemas, STREAM_PREFIXES, type PromoEvent, type PromoTables } from '@studio/domain';
import type { ProjectionDefinition } from '../runtime/definition';
import { applyFrom, eventSource } from '../runtime/event-sources';

const terms = ({ discountPercent, usageLimit, studios, expiresAt }: Extract<PromoEvent, { type: 'PromoCodeUpdated' }>['data']) => ({
  discount_percent: discountPercent,
  usage_limit: usageLimit,
  studios: JSON.stringify(studios),
  expires_at: expiresAt === null ? null : new Date(expiresAt),
});

async function applyPromoEvent(trx: Transaction<PromoTables>, event: PromoEvent, at: Date): Promise<void> {
  const row = trx.updateTable('promo_codes').where('code', '=', event.data.code);
  switch (event.type) {
    case 'PromoCodeCreated':
      await trx
        .insertInto('promo_codes')
        .values({ code: event.data.code, ...terms(event.data), used: 0, is_active: true, created_at: at, updated_at: at })
        .execute();
      return;
    case 'PromoCodeUpdated':
      await row.set({ ...terms(event.data), updated_at: at }).execute();
      return;
    case 'PromoCodeDeactivated':
    case 'PromoCodeActivated':
      await row.set({ is_active: event.type === 'PromoCodeActivated', updated_at: at }).execute();
      return;
    case 'PromoCodeDeleted':
      await trx.deleteFrom('promo_codes').where('code', '=', event.data.code).execute();
      return;
    case 'PromoCodeUsed':
    case 'PromoCodeUseReturned':
      await row.set({ used: sql`used + ${event.type === 'PromoCodeUsed' ? 1 : -1}` }).execute();
      return;
  }
}

/** Promo codes, whether they are on and how many uses they have left: the booking page's check and the staff list. */
export const promoProjection: ProjectionDefinition<PromoTables> = {
  name: 'promo',
  version: 2,
  tables: {
    promo_codes: (table) => [
      `CREATE TABLE IF NOT EXISTS ${table} (
        code text PRIMARY KEY,
        discount_percent int NOT NULL,
        usage_limit int,
        used int NOT NULL,
        studios jsonb NOT NULL,
        expires_at timestamptz,
        is_active boolean NOT NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`,
    ],
  },
  apply: applyFrom<PromoTables>(
    eventSource({ streams: STREAM_PREFIXES.promo, events: promoEventSchemas, apply: (trx, event: PromoEvent, recorded) => applyPromoEvent(trx, event, recorded.createdAt) }),
  ),
};

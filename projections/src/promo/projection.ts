import { sql, type Transaction } from 'kysely';
import { promoEventSchemas, STREAM_PREFIXES, type PromoEvent, type PromoTables } from '@studio/domain';
import type { ProjectionDefinition } from '../runtime/definition';
import { applyFrom, eventSource } from '../runtime/event-sources';

async function applyPromoEvent(trx: Transaction<PromoTables>, event: PromoEvent, at: Date): Promise<void> {
  switch (event.type) {
    case 'PromoCodeCreated': {
      const { code, discountPercent, usageLimit, studios } = event.data;
      await trx
        .insertInto('promo_codes')
        .values({ code, discount_percent: discountPercent, usage_limit: usageLimit, used: 0, studios: JSON.stringify(studios), created_at: at })
        .onConflict((oc) => oc.column('code').doNothing())
        .execute();
      return;
    }
    case 'PromoCodeUsed':
    case 'PromoCodeUseReturned':
      await trx
        .updateTable('promo_codes')
        .set({ used: sql`used + ${event.type === 'PromoCodeUsed' ? 1 : -1}` })
        .where('code', '=', event.data.code)
        .execute();
      return;
  }
}

/** Promo codes and how many uses they have left, for the booking page's check. */
export const promoProjection: ProjectionDefinition<PromoTables> = {
  name: 'promo',
  version: 1,
  tables: {
    promo_codes: (table) => [
      `CREATE TABLE IF NOT EXISTS ${table} (
        code text PRIMARY KEY,
        discount_percent int NOT NULL,
        usage_limit int,
        used int NOT NULL,
        studios jsonb NOT NULL,
        created_at timestamptz NOT NULL
      )`,
    ],
  },
  apply: applyFrom<PromoTables>(
    eventSource({ streams: STREAM_PREFIXES.promo, events: promoEventSchemas, apply: (trx, event: PromoEvent, recorded) => applyPromoEvent(trx, event, recorded.createdAt) }),
  ),
};

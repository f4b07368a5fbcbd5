import type { Transaction } from 'kysely';
import { catalogChange, catalogEventSchemas, photographerEventSchemas, STREAM_PREFIXES, STUDIOS, type CatalogEvent, type CatalogTables, type PhotographerEvent } from '@studio/domain';
import type { ProjectionDefinition } from '../runtime/definition';
import { applyFrom, eventSource } from '../runtime/event-sources';
import { catalogTableDdl } from './tables';

type Trx = Transaction<CatalogTables>;

async function applyCatalogEvent(trx: Trx, event: CatalogEvent, at: Date): Promise<void> {
  switch (event.type) {
    case 'HallUpdated': {
      const { studio, hallSize, features, photos, rules } = event.data;
      const row = { hall_size: hallSize, features: JSON.stringify(features), photos: JSON.stringify(photos), rules: JSON.stringify(rules), updated_at: at };
      await trx.insertInto('studio_halls').values({ studio, ...row }).onConflict((oc) => oc.column('studio').doUpdateSet(row)).execute();
      return;
    }
    case 'PricesSet': {
      const { studio, priceId, hourPrice, halfHourPrice } = event.data;
      const row = { hour_price: hourPrice, half_hour_price: halfHourPrice, updated_at: at };
      await trx
        .insertInto('studio_prices')
        .values({ studio, price_id: priceId, ...row, created_at: at })
        .onConflict((oc) => oc.columns(['studio', 'price_id']).doUpdateSet(row))
        .execute();
      return;
    }
    case 'ServiceAdded':
    case 'ServiceUpdated': {
      const { studio, serviceId, name, description, price, format } = event.data;
      const row = { name, description, price, format };
      await trx
        .insertInto('studio_services')
        .values({ studio, service_id: serviceId, ...row, created_at: at })
        .onConflict((oc) => oc.columns(['studio', 'service_id']).doUpdateSet(row))
        .execute();
      return;
    }
    case 'ServiceRemoved':
      await trx.deleteFrom('studio_services').where('studio', '=', event.data.studio).where('service_id', '=', event.data.serviceId).execute();
      return;
    case 'DiscountAdded':
    case 'DiscountUpdated': {
      const { studio, discountId, name, description, discountType, discountValue } = event.data;
      const row = { name, description, discount_type: discountType, discount_value: discountValue };
      await trx
        .insertInto('studio_discounts')
        .values({ studio, discount_id: discountId, ...row, created_at: at })
        .onConflict((oc) => oc.columns(['studio', 'discount_id']).doUpdateSet(row))
        .execute();
      return;
    }
    case 'DiscountRemoved':
      await trx.deleteFrom('studio_discounts').where('studio', '=', event.data.studio).where('discount_id', '=', event.data.discountId).execute();
      return;
    case 'GroupDiscountSwitched': {
      const { studio, enabled } = event.data;
      await trx
        .insertInto('studio_settings')
        .values({ studio, group_discount_enabled: enabled })
        .onConflict((oc) => oc.column('studio').doUpdateSet({ group_discount_enabled: enabled }))
        .execute();
      return;
    }
    case 'FormatPriceSet': {
      const { studio, format, name, price } = event.data;
      const row = { name, price, updated_at: at };
      await trx.insertInto('studio_formats').values({ studio, format, ...row }).onConflict((oc) => oc.columns(['studio', 'format']).doUpdateSet(row)).execute();
      return;
    }
  }
}

type PhotographerData = Extract<PhotographerEvent, { type: 'PhotographerUpdated' }>['data'];
const photographerRow = ({ name, price, code, externalId }: PhotographerData) => ({ name, price, code: code ?? null, external_id: externalId ?? null });

async function applyPhotographerEvent(trx: Trx, event: PhotographerEvent, at: Date): Promise<void> {
  switch (event.type) {
    case 'PhotographerAdded': {
      const { photographerId, slug } = event.data;
      const row = { ...photographerRow(event.data), slug: slug ?? null };
      await trx
        .insertInto('photographers')
        .values({ photographer_id: photographerId, ...row, created_at: at })
        .onConflict((oc) => oc.column('photographer_id').doUpdateSet(row))
        .execute();
      return;
    }
    case 'PhotographerUpdated':
      await trx.updateTable('photographers').set(photographerRow(event.data)).where('photographer_id', '=', event.data.photographerId).execute();
      return;
    case 'PhotographerRemoved':
      await trx.deleteFrom('photographers').where('photographer_id', '=', event.data.photographerId).execute();
      return;
  }
}

/** Halls, prices, services, discounts, settings and shooting formats per studio, plus the shared photographers. */
export const catalogProjection: ProjectionDefinition<CatalogTables> = {
  name: 'catalog',
  version: 2,
  tables: catalogTableDdl,
  apply: applyFrom<CatalogTables>(
    eventSource({
      streams: STREAM_PREFIXES.catalog,
      events: catalogEventSchemas,
      async apply(trx, event: CatalogEvent, recorded) {
        await applyCatalogEvent(trx, event, recorded.createdAt);
        return catalogChange({ studio: event.data.studio }, recorded.position);
      },
    }),
    eventSource({
      streams: STREAM_PREFIXES.photographers,
      events: photographerEventSchemas,
      async apply(trx, event: PhotographerEvent, recorded) {
        await applyPhotographerEvent(trx, event, recorded.createdAt);
        // Photographers are offered in every studio, so each studio's catalog changed.
        return STUDIOS.map((studio) => catalogChange({ studio }, recorded.position));
      },
    }),
  ),
};

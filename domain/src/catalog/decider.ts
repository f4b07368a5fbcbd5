import { defineAggregate } from '../aggregate';
import type { Decider } from '../decider';
import { catalogStream } from '../contracts/streams';
import type { CatalogCommand } from './commands';
import { decideCatalog } from './decide';
import { catalogEventSchemas, type CatalogEvent } from './events';
import { evolveCatalog, initialCatalogState, type CatalogState } from './state';

/** One studio's hall, prices, services and discounts: stream catalogStream(studio). */
export const catalogDecider: Decider<CatalogState, CatalogCommand, CatalogEvent> = {
  initialState: initialCatalogState,
  decide: decideCatalog,
  evolve: evolveCatalog,
};

export const catalogAggregate = defineAggregate({
  name: 'catalog',
  decider: catalogDecider,
  events: catalogEventSchemas,
  streamOf: (command) => catalogStream(command.data.studio),
});

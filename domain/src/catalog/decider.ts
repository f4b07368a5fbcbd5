import { defineAggregate } from '../aggregate';
import { catalogStream } from '../contracts/streams';
import { decideCatalog } from './decide';
import { catalogEventSchemas } from './events';
import { evolveCatalog, initialCatalogState } from './state';

/** One studio's hall, prices, services, discounts and shooting formats: stream catalogStream(studio). */
export const catalogAggregate = defineAggregate({
  name: 'catalog',
  initialState: initialCatalogState,
  decide: decideCatalog,
  evolve: evolveCatalog,
  events: catalogEventSchemas,
  streamOf: (command) => catalogStream(command.data.studio),
});

export const catalogDecider = catalogAggregate.decider;

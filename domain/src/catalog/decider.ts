import type { Decider } from '../decider';
import type { CatalogCommand } from './commands';
import { decideCatalog } from './decide';
import type { CatalogEvent } from './events';
import { evolveCatalog, initialCatalogState, type CatalogState } from './state';

/** One studio's hall, prices, services and discounts: stream catalogStream(studio). */
export const catalogDecider: Decider<CatalogState, CatalogCommand, CatalogEvent> = {
  initialState: initialCatalogState,
  decide: decideCatalog,
  evolve: evolveCatalog,
};

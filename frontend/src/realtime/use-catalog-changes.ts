import type { Studio } from '@studio/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { hallQuery } from '../api/hall';
import { discountRulesKey, groupDiscountKey, pricesKey } from '../calendar/use-pricing';
import { onCatalogChange } from './booking-changes';

/** What a studio's pages keep of its catalogue (the booking steps' services, formats and photographers too). */
const catalogKeys = (studio: Studio): readonly (readonly unknown[])[] => [
  pricesKey(studio),
  discountRulesKey(studio),
  groupDiscountKey(studio),
  hallQuery(studio).queryKey,
  ['services', studio],
  ['formats', studio],
  ['photographers'],
];

/**
 * A studio's pages show its catalogue as staff leave it: a `catalogChange` push for the studio
 * drops what the pages keep of it, so an open booking page prices with a new discount at once
 * instead of after its minute of caching (and checkout's `price_changed`).
 */
export function useCatalogChanges(studio: Studio | null): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!studio) return;
    return onCatalogChange((change) => {
      if (change.studio !== studio) return;
      for (const queryKey of catalogKeys(studio)) void client.invalidateQueries({ queryKey });
    });
  }, [client, studio]);
}

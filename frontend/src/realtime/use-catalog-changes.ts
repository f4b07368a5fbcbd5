import type { Studio } from '@studio/domain';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { hallQuery } from '../api/hall';
import { discountRulesKey, groupDiscountKey, pricesKey } from '../ui/calendar/use-pricing';
import { onCatalogChange, onPushesConnected } from './booking-changes';

/** What the booking page prices with: its prices, discounts, group switch, and the steps' services, formats and photographers. */
const pricingKeys = (studio: Studio): readonly (readonly unknown[])[] => [
  pricesKey(studio),
  discountRulesKey(studio),
  groupDiscountKey(studio),
  ['services', studio],
  ['formats', studio],
  ['photographers'],
];

/** Reads again what a studio's booking page prices with (`refetchType: 'none'` only marks it stale). */
export function invalidatePricing(client: QueryClient, studio: Studio, refetchType: 'active' | 'none' = 'active'): void {
  for (const queryKey of pricingKeys(studio)) void client.invalidateQueries({ queryKey, refetchType });
}

/**
 * A studio's pages follow its catalogue as staff change it (a `catalogChange` push): an open hall
 * page shows the new hall at once. What the booking page prices with is only marked stale: a total
 * must not change under the customer's cursor (checkout explains a changed price instead), and the
 * next page they open reads the new figures rather than the minute-old cache.
 */
export function useCatalogChanges(studio: Studio | null): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!studio) return;
    const follow = () => {
      void client.invalidateQueries({ queryKey: hallQuery(studio).queryKey });
      invalidatePricing(client, studio, 'none');
    };
    const stopChanges = onCatalogChange((change) => {
      if (change.studio === studio) follow();
    });
    // A change pushed before the socket was open (the page had read the hall meanwhile) never came.
    const stopConnects = onPushesConnected(follow);
    return () => {
      stopChanges();
      stopConnects();
    };
  }, [client, studio]);
}

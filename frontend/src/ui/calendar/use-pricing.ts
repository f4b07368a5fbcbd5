import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { resolvePrices, type CalendarPrices, type DiscountRule, type Studio } from '@studio/domain';
import { fetchCurrentPrices, fetchDiscountRules, fetchGroupDiscountEnabled } from './api';
import { takeEarlyDiscounts, takeEarlyGroupDiscount, takeEarlyPrices } from './early-fetch';

export interface CalendarPricing {
  prices: CalendarPrices;
  rules: DiscountRule[];
  groupDiscountEnabled: boolean;
}

/** Pricing never blocks the calendar: a failed call keeps the defaults and is only logged (docs/booking.md#messages). */
async function orDefault<T>(what: string, load: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await load();
  } catch (error) {
    console.warn(`Не удалось загрузить ${what}; используются значения по умолчанию`, error);
    return fallback;
  }
}

const STALE_MS = 60_000;

/** The booking page's cached prices, discount rules and group-discount switch: dropped after a change, by the back-office and by a catalogue push. */
export const pricesKey = (studio: Studio) => ['prices', studio] as const;
export const discountRulesKey = (studio: Studio) => ['discounts', studio] as const;
export const groupDiscountKey = (studio: Studio) => ['group-discount', studio] as const;

export function useCalendarPricing(studio: Studio): CalendarPricing {
  const defaults = useMemo(() => resolvePrices(null, studio), [studio]);
  const prices = useQuery({
    queryKey: pricesKey(studio),
    queryFn: ({ signal }) => orDefault('цены', async () => resolvePrices(await (takeEarlyPrices(studio) ?? fetchCurrentPrices(studio, signal)), studio), defaults),
    staleTime: STALE_MS,
  });
  const rules = useQuery({
    queryKey: discountRulesKey(studio),
    queryFn: ({ signal }) => orDefault('скидки', () => takeEarlyDiscounts(studio) ?? fetchDiscountRules(studio, signal), []),
    staleTime: STALE_MS,
  });
  const group = useQuery({
    queryKey: groupDiscountKey(studio),
    queryFn: ({ signal }) => orDefault('настройку групповой скидки', () => takeEarlyGroupDiscount(studio) ?? fetchGroupDiscountEnabled(studio, signal), true),
    staleTime: STALE_MS,
  });
  return {
    prices: prices.data ?? defaults,
    rules: rules.data ?? NO_RULES,
    groupDiscountEnabled: group.data ?? true,
  };
}

const NO_RULES: DiscountRule[] = [];

import {
  continuousBlocks,
  mergeSelection,
  PHOTOGRAPHER_MIN_BLOCK_MINUTES,
  priceBooking,
  roublesToKopecks,
  tomskToday,
  type BookingFormat,
  type BookingPrice,
  type Photographer,
  type Service,
  type ShootingFormat,
  type Studio,
} from '@studio/domain';
import { useMemo } from 'react';
import type { CalendarPricing } from '../ui/calendar/use-pricing';
import type { BookingFormValues } from './booking-form';

/** Whether the chosen time has a continuous block a photographer can be booked for. */
export function photographerAllowed(selection: readonly string[], pricing: CalendarPricing): boolean {
  const blocks = continuousBlocks(mergeSelection([...selection], pricing.prices));
  return blocks.some((block) => block.end - block.start >= PHOTOGRAPHER_MIN_BLOCK_MINUTES);
}

export interface PriceInputs {
  studio: Studio;
  selection: readonly string[];
  pricing: CalendarPricing;
  values: Pick<BookingFormValues, 'format' | 'photographerId' | 'peopleCount' | 'services'>;
  services: readonly Service[];
  photographers: readonly Photographer[];
  /** The studio's formats as the catalogue prices them (an event's price is charged by the server too). */
  formats: readonly ShootingFormat[];
  promo: { code: string; percent: number } | null;
}

/**
 * The itemised price the server will charge, from the same priceBooking (kopecks). Null while there
 * is nothing to price or the choice cannot be priced (no slots, photographer without an hour, an
 * event before its price is known).
 */
export function useBookingPrice({ studio, selection, pricing, values, services, photographers, formats, promo }: PriceInputs): BookingPrice | null {
  const { format, photographerId, peopleCount, services: serviceIds } = values;
  return useMemo(() => {
    if (selection.length === 0) return null;
    let bookingFormat: BookingFormat = { type: 'self' };
    if (format === 'with_photographer') {
      const photographer = photographers.find((p) => p.id === photographerId);
      if (!photographer) return null;
      bookingFormat = { type: 'with_photographer', photographer: { name: photographer.name, price: roublesToKopecks(photographer.price) } };
    } else if (format === 'event') {
      const event = formats.find((f) => f.format === 'event');
      if (!event) return null;
      bookingFormat = { type: 'event', price: roublesToKopecks(event.price) };
    }
    const chosen = services
      .filter((s) => serviceIds.includes(s.id))
      .map((s) => ({ id: s.id, name: s.name, format: s.format, price: roublesToKopecks(s.price) }));
    try {
      return priceBooking({
        studio,
        cells: selection,
        prices: { hourPrice: roublesToKopecks(pricing.prices.hourPrice), halfHourPrice: roublesToKopecks(pricing.prices.halfHourPrice) },
        rules: pricing.rules,
        groupDiscountEnabled: pricing.groupDiscountEnabled,
        today: tomskToday(new Date()),
        promo,
        format: bookingFormat,
        peopleCount: format === 'with_photographer' ? Number.parseInt(peopleCount, 10) || 1 : 1,
        services: chosen,
      });
    } catch {
      return null;
    }
  }, [studio, selection, pricing, format, photographerId, peopleCount, serviceIds, services, photographers, formats, promo]);
}

import type { Studio } from '../studios';
import type { ShootingFormatKind } from './formats';

/** A rule as an editor sends it: its place in the list is its order, any number it carries is ignored. */
export type RuleInput = { number?: number; title?: string | null; description?: string | null };

type ServiceFields = { serviceId: string; name?: string | null; description?: string | null; price?: number | null; format?: string | null };
type PriceFields = { studio: Studio; priceId: string; hourPrice?: number | null; halfHourPrice?: number | null };
type DiscountFields = { discountId: string; name?: string | null; description?: string | null; discountType: string; discountValue?: number | null };

/**
 * Stream catalogStream(studio). Money is integer kopecks. Optional fields are optional because
 * the decider, not the caller, owns the "required" messages the back-office shows.
 */
export type CatalogCommand =
  | {
      type: 'UpdateHall';
      /** An omitted field keeps its current value (masterskaya's editor never sends photos). */
      data: { studio: Studio; hallSize?: string | null; features?: string[]; photos?: string[]; rules?: RuleInput[] };
    }
  /** A new price list under a new id; UpdatePrices changes one already set. Either becomes the current one. */
  | { type: 'SetPrices'; data: PriceFields }
  | { type: 'UpdatePrices'; data: PriceFields }
  | { type: 'AddService'; data: { studio: Studio } & ServiceFields }
  | { type: 'UpdateService'; data: { studio: Studio } & ServiceFields }
  | { type: 'RemoveService'; data: { studio: Studio; serviceId: string } }
  | { type: 'AddDiscount'; data: { studio: Studio } & DiscountFields }
  | { type: 'UpdateDiscount'; data: { studio: Studio } & DiscountFields }
  | { type: 'RemoveDiscount'; data: { studio: Studio; discountId: string } }
  | { type: 'SwitchGroupDiscount'; data: { studio: Studio; enabled: boolean } }
  /** An omitted name keeps the current one (the default until first set). */
  | { type: 'SetFormatPrice'; data: { studio: Studio; format: ShootingFormatKind; name?: string | null; price?: number | null } };

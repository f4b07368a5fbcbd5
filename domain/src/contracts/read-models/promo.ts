import type { ColumnType } from 'kysely';

/** Promo codes with what is left of them (`used` counts the bookings holding a use now). */
export interface PromoTables {
  promo_codes: {
    code: string;
    discount_percent: number;
    usage_limit: number | null;
    used: number;
    studios: ColumnType<string[], string, string>;
    created_at: Date;
  };
}

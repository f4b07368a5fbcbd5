import type { ColumnType } from 'kysely';

/** Promo codes as staff set them, with the uses bookings hold now (`used`); a deleted code has no row. */
export interface PromoTables {
  promo_codes: {
    code: string;
    discount_percent: number;
    usage_limit: number | null;
    used: number;
    studios: ColumnType<string[], string, string>;
    expires_at: Date | null;
    is_active: boolean;
    created_at: Date;
    updated_at: Date;
  };
}

import type { ColumnType } from 'kysely';
import type { PendingReschedule } from '../../bookings/decider';
import type { VersionedChangePolicy } from '../../change-policy/terms';

type Json<T> = ColumnType<T, string, string>;

/** The change policies (docs/change-policy.md): each studio's in force, and what each booking follows. */
export interface ChangePolicyTables {
  /** A studio's latest version; a studio without a row follows its built-in version 1. */
  change_policies: {
    studio: string;
    version: number;
    free_cancel_hours: number;
    late_cancel_kept_percent: number;
    free_reschedule_hours: number;
    max_reschedules: number;
    updated_by: string;
    updated_at: Date;
  };
  /** A customer's booking: the policy it snapshotted at placement (null before policies: version 1), its moves and the one waiting for payment. */
  booking_change_terms: {
    booking_id: string;
    policy: Json<VersionedChangePolicy | null>;
    reschedules: number;
    pending: Json<PendingReschedule | null>;
    updated_at: Date;
  };
}

import type { ColumnType, Selectable } from 'kysely';
import type { AccountsTables } from './accounts';
import type { BookingsTables } from './bookings';
import type { BookkeepingTables } from './bookkeeping';
import type { CalendarTables } from './calendar';
import type { CatalogTables } from './catalog';
import type { ChangePolicyTables } from './change-policy';
import type { HallTables } from './hall';
import type { NotificationsTables } from './notifications';
import type { ResourceTimeTables } from './resource-time';
import type { ClientsTables } from './clients';
import type { PromoTables } from './promo';
import type { StaffTables } from './staff';
import type { StatisticsTables } from './statistics';
import type { WaitlistTables } from './waitlist';

export type * from './accounts';
export type * from './bookings';
export type * from './bookkeeping';
export type * from './calendar';
export type * from './catalog';
export type * from './change-policy';
export type * from './hall';
export type * from './notifications';
export type * from './resource-time';
export type * from './clients';
export type * from './promo';
export type * from './staff';
export type * from './statistics';
export type * from './waitlist';

/** Every read-model table (as a view with its bare name) that projections write and others read. */
export type ReadModelTables = BookkeepingTables & CalendarTables & CatalogTables & BookingsTables & PromoTables & AccountsTables & StaffTables & HallTables & ClientsTables & StatisticsTables & NotificationsTables & WaitlistTables & ResourceTimeTables & ChangePolicyTables;

/** Every column as it comes back from pg, and never insertable or updatable by a reader. */
type ReadOnly<Table> = { [Column in keyof Selectable<Table>]: ColumnType<Selectable<Table>[Column], never, never> };

/** The read models as a reader (query-api, the workers' sweep) sees them: select only. */
export type ReadModels = { [View in keyof ReadModelTables]: ReadOnly<ReadModelTables[View]> };

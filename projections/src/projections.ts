import { accountsProjection } from './accounts/projection';
import { calendarProjection } from './calendar/projection';
import { bookingsProjection } from './bookings/projection';
import { catalogProjection } from './catalog/projection';
import { changePolicyProjection } from './change-policy/projection';
import { hallProjection } from './hall/projection';
import { notificationsProjection } from './notifications/projection';
import { resourceTimeProjection } from './resource-time/projection';
import { clientsProjection } from './clients/projection';
import { promoProjection } from './promo/projection';
import { staffProjection } from './staff/projection';
import { statisticsProjection } from './statistics/projection';
import { waitlistProjection } from './waitlist/projection';
import type { AnyProjection } from './runtime/definition';

export const PROJECTIONS: readonly AnyProjection[] = [calendarProjection, catalogProjection, bookingsProjection, promoProjection, accountsProjection, staffProjection, hallProjection, clientsProjection, statisticsProjection, notificationsProjection, waitlistProjection, resourceTimeProjection, changePolicyProjection];

export function findProjection(name: string): AnyProjection | undefined {
  return PROJECTIONS.find((projection) => projection.name === name);
}

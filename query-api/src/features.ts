import type { Router } from 'express';
import { accountsRoutes } from './accounts/routes';
import { adminBookingsRoutes } from './admin-bookings/routes';
import type { QueryAppDeps } from './app';
import { bookingsRoutes } from './bookings/routes';
import { calendarRoutes } from './calendar/routes';
import { catalogRoutes } from './catalog/routes';
import { changePolicyRoutes } from './change-policy/routes';
import { clientsRoutes } from './clients/routes';
import { devRoutes } from './dev/routes';
import { financeRoutes } from './finance/routes';
import { hallRoutes } from './hall/routes';
import { healthRoutes } from './health/routes';
import { notificationsRoutes } from './notifications/routes';
import { operationsRoutes } from './operations/routes';
import { paymentsRoutes } from './payments/routes';
import { photographerTimeRoutes } from './photographer-time/routes';
import { promoRoutes } from './promo/routes';
import { staffRoutes } from './staff/routes';
import { statisticsRoutes } from './statistics/routes';
import { waitlistRoutes } from './waitlist/routes';

/** Every feature's GET routes; the app mounts them in this order (catalog's `/api/:studio` last). */
export const FEATURES: readonly ((deps: QueryAppDeps) => Router)[] = [healthRoutes, calendarRoutes, paymentsRoutes, bookingsRoutes, changePolicyRoutes, adminBookingsRoutes, promoRoutes, accountsRoutes, staffRoutes, hallRoutes, clientsRoutes, financeRoutes, operationsRoutes, statisticsRoutes, notificationsRoutes, waitlistRoutes, devRoutes, photographerTimeRoutes, catalogRoutes];

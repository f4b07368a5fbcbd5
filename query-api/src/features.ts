import type { Router } from 'express';
import { accountsRoutes } from './accounts/routes';
import { bookingsStaffRoutes } from './bookings/staff-routes';
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
import { resourceTimeRoutes } from './resource-time/routes';
import { promoRoutes } from './promo/routes';
import { staffRoutes } from './staff/routes';
import { statisticsRoutes } from './statistics/routes';
import { waitlistRoutes } from './waitlist/routes';

/** What a feature adds to query-api: its GET routes (the same `{ name, … }` shape as command-api's and the workers' registries). */
export interface QueryFeature {
  name: string;
  routes(deps: QueryAppDeps): Router;
}

/** Every feature's GET routes; the app mounts them in this order (catalog's `/api/:studio` last). */
export const FEATURES: readonly QueryFeature[] = [
  { name: 'health', routes: healthRoutes },
  { name: 'calendar', routes: calendarRoutes },
  { name: 'payments', routes: paymentsRoutes },
  { name: 'bookings', routes: bookingsRoutes },
  { name: 'bookings', routes: bookingsStaffRoutes },
  { name: 'change-policy', routes: changePolicyRoutes },
  { name: 'promo', routes: promoRoutes },
  { name: 'accounts', routes: accountsRoutes },
  { name: 'staff', routes: staffRoutes },
  { name: 'hall', routes: hallRoutes },
  { name: 'clients', routes: clientsRoutes },
  { name: 'finance', routes: financeRoutes },
  { name: 'operations', routes: operationsRoutes },
  { name: 'statistics', routes: statisticsRoutes },
  { name: 'notifications', routes: notificationsRoutes },
  { name: 'waitlist', routes: waitlistRoutes },
  { name: 'dev', routes: devRoutes },
  { name: 'resource-time', routes: resourceTimeRoutes },
  { name: 'catalog', routes: catalogRoutes },
];

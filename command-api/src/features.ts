import type { RequestHandler, Router } from 'express';
import type { StaffRole } from '@studio/domain';
import { accountsRoutes } from './accounts/routes';
import { bookingsStaffRoutes } from './bookings/staff-routes';
import { adminsRoutes } from './staff/admins-routes';
import { bookingsRoutes } from './bookings/routes';
import { catalogRoutes } from './catalog/routes';
import { changePolicyRoutes, changePolicyStaffRoutes } from './change-policy/routes';
import { discountsRoutes } from './catalog/discounts-routes';
import type { CommandApiDeps } from './http/app';
import { hallRoutes } from './hall/routes';
import { calendarRoutes } from './calendar/routes';
import { notificationsRoutes } from './notifications/routes';
import { operationsRoutes } from './operations/routes';
import { paymentsRoutes } from './payments/routes';
import { photographersRoutes } from './photographers/routes';
import { equipmentRoutes } from './equipment/routes';
import { promoAdminRoutes } from './promo/admin-routes';
import { promoRoutes } from './promo/routes';
import { staffRoutes } from './staff/routes';
import { waitlistRoutes } from './waitlist/routes';

/**
 * What a feature adds to command-api: its routes under /api, and the staff role every one of them
 * needs, if any. The three apps' registries share this shape: a list of `{ name, … }` entries, `name`
 * being the concept's folder (docs/CONTRACTS.md#one-name-per-concept).
 */
export interface CommandFeature {
  name: string;
  staffRole?: StaffRole;
  routes(deps: CommandApiDeps, guards: RequestHandler[]): Router;
}

/** Every feature of command-api; the app mounts each in this order. */
export const FEATURES: readonly CommandFeature[] = [
  { name: 'calendar', routes: calendarRoutes },
  { name: 'bookings', routes: bookingsRoutes },
  { name: 'change-policy', routes: changePolicyRoutes },
  { name: 'payments', routes: paymentsRoutes },
  { name: 'promo', routes: promoRoutes },
  // Before catalog: its PUT /:studio/hall would take PUT /promocodes/HALL.
  { name: 'promo-admin', staffRole: 'super', routes: promoAdminRoutes },
  { name: 'accounts', routes: accountsRoutes },
  { name: 'waitlist', routes: waitlistRoutes },
  { name: 'staff', routes: staffRoutes },
  { name: 'bookings', staffRole: 'admin', routes: bookingsStaffRoutes },
  { name: 'photographers', staffRole: 'super', routes: photographersRoutes },
  { name: 'equipment', staffRole: 'super', routes: equipmentRoutes },
  { name: 'catalog', staffRole: 'super', routes: catalogRoutes },
  { name: 'hall', staffRole: 'super', routes: hallRoutes },
  { name: 'catalog', staffRole: 'super', routes: discountsRoutes },
  { name: 'change-policy', staffRole: 'super', routes: changePolicyStaffRoutes },
  { name: 'operations', staffRole: 'super', routes: operationsRoutes },
  { name: 'notifications', staffRole: 'super', routes: notificationsRoutes },
  // Last: PUT and DELETE /admin/:id would take any other one-segment /admin/… path of those methods.
  { name: 'staff', staffRole: 'super', routes: adminsRoutes },
];

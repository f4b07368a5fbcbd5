import type { RequestHandler, Router } from 'express';
import type { StaffRole } from '@studio/domain';
import { createAccountsRouter } from './accounts/routes';
import { createAdminBookingsRouter } from './admin-bookings/routes';
import { createAdminsRouter } from './admins/routes';
import { createBookingsRouter } from './bookings/routes';
import { createCatalogRouter } from './catalog/routes';
import { createChangePolicyAdminRouter, createRescheduleRouter } from './change-policy/routes';
import { createDiscountsRouter } from './discounts/routes';
import type { CommandApiDeps } from './http/app';
import { createHallRouter } from './hall/routes';
import { createHoldsRouter } from './holds/routes';
import { createNotificationsRouter } from './notifications/routes';
import { createOperationsRouter } from './operations/routes';
import { createPaymentsRouter } from './payments/routes';
import { createPhotographersRouter } from './photographers/routes';
import { createEquipmentRouter } from './equipment/routes';
import { createPromoAdminRouter } from './promo/admin-routes';
import { createPromoRouter } from './promo/routes';
import { createStaffRouter } from './staff/routes';
import { createWaitlistRouter } from './waitlist/routes';

/** What a feature adds to command-api: its routes under /api, and the staff role every one of them needs, if any. */
export interface CommandFeature {
  name: string;
  staffRole?: StaffRole;
  router(deps: CommandApiDeps, guards: RequestHandler[]): Router;
}

/** Every feature of command-api; the app mounts each in this order. */
export const FEATURES: readonly CommandFeature[] = [
  { name: 'holds', router: createHoldsRouter },
  { name: 'bookings', router: createBookingsRouter },
  { name: 'reschedule', router: createRescheduleRouter },
  { name: 'payments', router: createPaymentsRouter },
  { name: 'promo', router: createPromoRouter },
  // Before catalog: its PUT /:studio/hall would take PUT /promocodes/HALL.
  { name: 'promo-admin', staffRole: 'super', router: createPromoAdminRouter },
  { name: 'accounts', router: createAccountsRouter },
  { name: 'waitlist', router: createWaitlistRouter },
  { name: 'staff', router: createStaffRouter },
  { name: 'admin-bookings', staffRole: 'admin', router: createAdminBookingsRouter },
  { name: 'photographers', staffRole: 'super', router: createPhotographersRouter },
  { name: 'equipment', staffRole: 'super', router: createEquipmentRouter },
  { name: 'catalog', staffRole: 'super', router: createCatalogRouter },
  { name: 'hall', staffRole: 'super', router: createHallRouter },
  { name: 'discounts', staffRole: 'super', router: createDiscountsRouter },
  { name: 'change-policy', staffRole: 'super', router: createChangePolicyAdminRouter },
  { name: 'operations', staffRole: 'super', router: createOperationsRouter },
  { name: 'notifications', staffRole: 'super', router: createNotificationsRouter },
  // Last: PUT and DELETE /admin/:id would take any other one-segment /admin/… path of those methods.
  { name: 'admins', staffRole: 'super', router: createAdminsRouter },
];

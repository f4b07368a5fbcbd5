import type { RequestHandler, Router } from 'express';
import { createAccountsRouter } from './accounts/routes';
import { createBookingsRouter } from './bookings/routes';
import { createCatalogRouter } from './catalog/routes';
import type { CommandApiDeps } from './http/app';
import { createHoldsRouter } from './holds/routes';
import { createPaymentsRouter } from './payments/routes';
import { createPhotographersRouter } from './photographers/routes';
import { createPromoRouter } from './promo/routes';

/** What a feature adds to command-api: its routes under /api, and whether only staff may call them. */
export interface CommandFeature {
  name: string;
  staffOnly: boolean;
  router(deps: CommandApiDeps, guards: RequestHandler[]): Router;
}

/** Every feature of command-api; the app mounts each in this order. */
export const FEATURES: readonly CommandFeature[] = [
  { name: 'holds', staffOnly: false, router: createHoldsRouter },
  { name: 'bookings', staffOnly: false, router: createBookingsRouter },
  { name: 'payments', staffOnly: false, router: createPaymentsRouter },
  { name: 'promo', staffOnly: false, router: createPromoRouter },
  { name: 'accounts', staffOnly: false, router: createAccountsRouter },
  { name: 'photographers', staffOnly: true, router: createPhotographersRouter },
  { name: 'catalog', staffOnly: true, router: createCatalogRouter },
];

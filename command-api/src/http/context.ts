import { randomUUID } from 'node:crypto';
import type { RequestHandler, Response } from 'express';
import type pg from 'pg';
import type { StaffRole } from '@studio/domain';
import { requireStaff, sessionCustomerOf, staffActor, type CommandContext } from '@studio/platform';

const CORRELATION_HEADER = 'x-correlation-id';

/**
 * Keeps a caller's correlation id (or makes one) so every event of a conversation can be traced;
 * the request itself, with an id of its own, is the cause of the events it appends.
 */
export const correlation: RequestHandler = (req, res, next) => {
  const given = req.get(CORRELATION_HEADER);
  const correlationId = given && /^[\w.:-]{1,100}$/.test(given) ? given : randomUUID();
  res.locals.correlationId = correlationId;
  res.locals.requestId = randomUUID();
  res.setHeader(CORRELATION_HEADER, correlationId);
  next();
};

/** Who writes when no authentication middleware named anyone: a visitor without an account. */
const GUEST_ACTOR = 'customer:guest';

/** The authentication middleware of a router records the actor in `res.locals.actor`; every event names one. */
export function commandContext(res: Response): CommandContext {
  const actor = typeof res.locals.actor === 'string' ? res.locals.actor : GUEST_ACTOR;
  return { correlationId: String(res.locals.correlationId), causationId: `request:${String(res.locals.requestId)}`, actor };
}

/**
 * A caller whose cookie carries a live session acts as that customer from here on: its events name
 * `customer:{id}`, and `signedInCustomerOf(res)` tells the features who it is. Anyone else stays a guest.
 */
export const signedInCustomer =
  (pool: pg.Pool): RequestHandler =>
  async (req, res, next) => {
    const customerId = await sessionCustomerOf(pool, req);
    if (customerId) {
      res.locals.customerId = customerId;
      res.locals.actor = `customer:${customerId}`;
    }
    next();
  };

/** The customer the request's session signs in (see `signedInCustomer`), or null for a guest. */
export const signedInCustomerOf = (res: Response): string | null => (typeof res.locals.customerId === 'string' ? res.locals.customerId : null);

/**
 * Lets a request through only with a staff session whose role allows `role` (401 without one, 403
 * for a customer or too small a role), before its body is even read; its events name `staff:{id}`.
 */
export const staffGuard =
  (pool: pg.Pool, role: StaffRole): RequestHandler =>
  async (req, res, next) => {
    const { staffId } = await requireStaff(pool, req, role);
    res.locals.staffId = staffId;
    res.locals.actor = staffActor(staffId);
    next();
  };

/** The staff member `staffGuard` let through; only routes behind it may ask. */
export function signedInStaffOf(res: Response): string {
  if (typeof res.locals.staffId !== 'string') throw new Error('signedInStaffOf called on a route without staffGuard');
  return res.locals.staffId;
}

import type { RequestHandler, Response } from 'express';
import type pg from 'pg';
import type { StaffAccess } from '@studio/domain';
import { requireStaff, type StaffCaller } from '@studio/platform';

/**
 * Lets a back-office read through only with a staff session whose role allows `role` (401 without
 * one, 403 for a customer's or too small a role), before its query is parsed or a read position
 * waited on: whoever may not read it learns nothing of it, not even what it would accept.
 */
export const staffOnly =
  (pool: pg.Pool, role: StaffAccess = 'admin'): RequestHandler =>
  async (req, res, next) => {
    res.locals.staff = await requireStaff(pool, req, role);
    next();
  };

/** The staff member `staffOnly` let through; only routes behind it may ask. */
export function signedInStaffOf(res: Response): StaffCaller {
  const staff = res.locals.staff as StaffCaller | undefined;
  if (!staff) throw new Error('signedInStaffOf called on a route without staffOnly');
  return staff;
}

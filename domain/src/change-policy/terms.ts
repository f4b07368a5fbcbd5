import { z } from 'zod';
import type { Studio } from '../studios';

/**
 * A studio's change policy (docs/change-policy.md): how long before the start a customer may cancel
 * with everything back or move the booking, what share of the price the studio keeps after that, and
 * how many times a booking may be moved. Each edit is a new version; a booking keeps the terms in
 * force when it was placed.
 */
export const changePolicyTermsSchema = z.object({
  /** Hours before the start from which a cancellation no longer gets everything back. */
  freeCancelHours: z.number().int().min(0).max(720),
  /** The share of the booking's price the studio keeps after a later cancellation (never more than was paid). */
  lateCancelKeptPercent: z.number().int().min(0).max(100),
  /** Hours before the start after which the customer may no longer move the booking. */
  freeRescheduleHours: z.number().int().min(0).max(720),
  /** How many times the customer may move one booking. */
  maxReschedules: z.number().int().min(0).max(10),
});
export type ChangePolicyTerms = z.infer<typeof changePolicyTermsSchema>;

/** The terms with the version they were set as: what a booking snapshots at placement. */
export const versionedChangePolicySchema = changePolicyTermsSchema.extend({ version: z.number().int().min(1) });
export type VersionedChangePolicy = z.infer<typeof versionedChangePolicySchema>;

/**
 * Version 1 of every studio, from its own house rules: pochta and kirova give everything back (or
 * move) at least 3 days ahead and keep the prepayment (half the price) after; masterskaya refunds
 * nothing less than 24 hours ahead.
 */
export const DEFAULT_CHANGE_POLICIES: Readonly<Record<Studio, VersionedChangePolicy>> = {
  pochta: { version: 1, freeCancelHours: 72, lateCancelKeptPercent: 50, freeRescheduleHours: 72, maxReschedules: 1 },
  kirova: { version: 1, freeCancelHours: 72, lateCancelKeptPercent: 50, freeRescheduleHours: 72, maxReschedules: 1 },
  masterskaya: { version: 1, freeCancelHours: 24, lateCancelKeptPercent: 100, freeRescheduleHours: 24, maxReschedules: 1 },
};

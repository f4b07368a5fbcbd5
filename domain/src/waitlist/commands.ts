import type { WaitlistLine } from './events';

/** Every command names its line: the command side loads waitlistStream(line) for it. */
export type WaitlistCommand =
  | { type: 'JoinWaitlist'; data: WaitlistLine & { entryId: string; customerId: string; now: Date } }
  | { type: 'LeaveWaitlist'; data: WaitlistLine & { entryId: string; customerId: string } }
  /** Records the offer of a hold already placed for `entryId`, who must be first in line. */
  | { type: 'MakeWaitlistOffer'; data: WaitlistLine & { entryId: string; holdId: string; expiresAt: string } }
  /** `expired` is refused before the offer's expiry by `now`. */
  | { type: 'LapseWaitlistOffer'; data: WaitlistLine & { holdId: string; reason: 'expired' | 'lost'; now: Date } }
  | { type: 'TakeWaitlistOffer'; data: WaitlistLine & { holdId: string; customerId: string; bookingId: string } }
  | { type: 'EndWaitlist'; data: WaitlistLine & { now: Date } };

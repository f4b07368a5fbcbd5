import type { Studio } from '../studios';
import type { Occupant, StudioDayEvent } from './events';

type DayRef = { studio: Studio; date: string };

/** Who asks for a hold to be released: their browser's visitor key and their account, as far as known. */
export interface HoldRequester {
  visitor?: string | undefined;
  userId?: string | undefined;
}
type ReasonOf<T extends StudioDayEvent['type']> = Extract<StudioDayEvent, { type: T }>['data'] extends { reason: infer R } ? R : never;

type HoldSlotsData = DayRef & {
  cells: string[];
  holdId: string;
  bookingId: string;
  occupant: Occupant;
  /** From the injected clock: the notice rule and the expiry are decided against it. */
  now: Date;
  holdMinutes: number;
};

/** Every command names its day: the command side loads studioDayStream(studio, date) for it. */
export type StudioDayCommand =
  | {
      type: 'HoldSlots';
      data: HoldSlotsData;
    }
  | {
      type: 'HandOverHold';
      /**
       * One hold's cells go to a new hold in one decision, so nobody can take them in between: a
       * waitlist offer passing to the next in line (`expired`), or adopted by its customer's
       * checkout (`handed-over`, `by` that customer). See docs/waitlist.md.
       */
      data: DayRef & { holdId: string; reason: 'expired' | 'cancelled' | 'handed-over'; by?: HoldRequester; next: Omit<HoldSlotsData, 'studio' | 'date' | 'cells'> };
    }
  | { type: 'ConfirmHold'; data: DayRef & { holdId: string; bookingId: string } }
  | {
      type: 'ReleaseHold';
      /**
       * `by` is a caller asking for a hold to go (the booking page): only its holder's browser or
       * account may. Staff and the system (expiry, a failed checkout's compensation) name no one.
       */
      data: DayRef & { holdId: string; reason: ReasonOf<'HoldReleased'>; by?: HoldRequester };
    }
  | {
      type: 'ReserveSlots';
      data: DayRef & { cells: string[]; bookingId: string; occupant: Occupant; technical?: boolean; adminId?: string };
    }
  | {
      type: 'ReleaseBooking';
      /** `cells` narrows the release to part of the booking (a partial move or delete). */
      data: DayRef & { bookingId: string; reason: ReasonOf<'BookingReleased'>; cells?: string[] };
    }
  | {
      type: 'MoveBooking';
      /**
       * Staff move a booking's cells on this day to `cells`, in one decision: the target is taken
       * and the booking's other booked cells of the day are freed. `occupant` names whom the cells
       * taken anew belong to (the day may have none of the booking's cells yet).
       */
      data: DayRef & { bookingId: string; cells: string[]; occupant: Occupant; adminId?: string };
    };

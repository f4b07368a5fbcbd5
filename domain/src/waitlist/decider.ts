import { defineAggregate } from '../aggregate';
import { waitlistStream } from '../contracts/streams';
import { decideWaitlist } from './decide';
import { waitlistEventSchemas } from './events';
import { evolveWaitlist, initialWaitlistState } from './state';

/** The line of one studio, date and range: stream waitlistStream(line). See docs/waitlist.md. */
export const waitlistAggregate = defineAggregate({
  name: 'waitlist',
  initialState: initialWaitlistState,
  decide: decideWaitlist,
  evolve: evolveWaitlist,
  events: waitlistEventSchemas,
  streamOf: (command) => waitlistStream(command.data),
});

export const waitlistDecider = waitlistAggregate.decider;

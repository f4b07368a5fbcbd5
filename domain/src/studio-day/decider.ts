import { defineAggregate } from '../aggregate';
import type { Decider } from '../decider';
import { studioDayStream } from '../contracts/streams';
import type { StudioDayCommand } from './commands';
import { decideStudioDay } from './decide';
import { studioDayEventSchemas, type StudioDayEvent } from './events';
import { evolveStudioDay, initialStudioDayState, type StudioDayState } from './state';

/** The ledger of one studio's half-hour cells for one day: stream studioDayStream(studio, date). */
export const studioDayDecider: Decider<StudioDayState, StudioDayCommand, StudioDayEvent> = {
  initialState: initialStudioDayState,
  decide: decideStudioDay,
  evolve: evolveStudioDay,
};

export const studioDayAggregate = defineAggregate({
  name: 'studio-day',
  decider: studioDayDecider,
  events: studioDayEventSchemas,
  streamOf: (command) => studioDayStream(command.data.studio, command.data.date),
});

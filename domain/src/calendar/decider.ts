import { defineAggregate } from '../aggregate';
import { studioDayStream } from '../contracts/streams';
import { decideStudioDay } from './decide';
import { studioDayEventSchemas } from './events';
import { evolveStudioDay, initialStudioDayState } from './state';

/** The ledger of one studio's half-hour cells for one day: stream studioDayStream(studio, date). */
export const studioDayAggregate = defineAggregate({
  name: 'studio-day',
  initialState: initialStudioDayState,
  decide: decideStudioDay,
  evolve: evolveStudioDay,
  events: studioDayEventSchemas,
  streamOf: (command) => studioDayStream(command.data.studio, command.data.date),
});

export const studioDayDecider = studioDayAggregate.decider;

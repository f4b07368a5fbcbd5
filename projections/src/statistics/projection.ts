import type { StatisticsTables } from '@studio/domain';
import type { ProjectionDefinition } from '../runtime/definition';
import { applyFrom } from '../runtime/event-sources';
import { applyStatisticsInBatch } from './batch-apply';
import { statisticsSources } from './events';
import { statisticsTableDdl } from './tables';

/**
 * The statistics tab's read model (issue 11): per studio and day (and hour, format, service) the
 * sums a range adds up, so a request reads a year as a few hundred rows and never the event log.
 */
export const statisticsProjection: ProjectionDefinition<StatisticsTables> = {
  name: 'statistics',
  // v2: follows a customer's reschedule (BookingRescheduled).
  version: 2,
  tables: statisticsTableDdl,
  apply: applyFrom<StatisticsTables>(statisticsSources.bookings, statisticsSources.money),
  async applyBatch(trx, events) {
    await applyStatisticsInBatch(trx, events);
    // Nobody watches the statistics live: the tab asks again.
    return [];
  },
};

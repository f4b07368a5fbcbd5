import { statisticsAnswerSchema, type StatisticsAnswer, type Studio } from '@studio/domain';
import { readStaffList } from '../staff-list';
import type { DateRange } from './periods';

export type Statistics = StatisticsAnswer;

/** docs/statistics.md#messages «Statistics»: when no studio answers. */
export const STATISTICS_MESSAGES = {
  noData: 'Нет данных',
  loading: 'Загрузка статистики…',
  noServices: 'За этот период услуг не заказывали',
} as const;

/** GET /api/admin/statistics for one studio and range, day by day. */
export const fetchStatistics = (studio: Studio, range: DateRange, signal?: AbortSignal): Promise<Statistics> =>
  readStaffList(`/api/admin/statistics?${new URLSearchParams({ studio, start: range.start, end: range.end, daily: '1' })}`, statisticsAnswerSchema, signal);

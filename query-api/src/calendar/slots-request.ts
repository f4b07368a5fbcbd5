import { z } from 'zod';
import { dateParam } from '@studio/platform';
import { daysBetween, isIsoDate } from '@studio/domain';

/** Longer ranges are refused: the calendar never asks for more than a few weeks at once. */
const MAX_RANGE_DAYS = 62;

export const slotsQuerySchema = z
  .object({ startDate: dateParam(), endDate: dateParam() })
  .check((ctx) => {
    const { startDate, endDate } = ctx.value;
    // Only compare dates that parsed; their own issues are already reported.
    if (!isIsoDate(startDate) || !isIsoDate(endDate)) return;
    const days = daysBetween(startDate, endDate) + 1;
    if (days < 1) {
      ctx.issues.push({ code: 'custom', input: endDate, path: ['endDate'], message: 'дата окончания раньше даты начала (startDate)' });
    } else if (days > MAX_RANGE_DAYS) {
      ctx.issues.push({ code: 'custom', input: endDate, path: ['endDate'], message: `диапазон длиннее ${MAX_RANGE_DAYS} дней` });
    }
  });


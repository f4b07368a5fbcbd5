import { OPENING_MINUTE, timeToMinutes } from '@studio/domain';

/** docs/admin-calendar.md#constants: 64 px per hour. */
export const PX_PER_HOUR = 64;
export const PX_PER_MINUTE = PX_PER_HOUR / 60;

export const minutesFromOpening = (time: string): number => timeToMinutes(time, true) - OPENING_MINUTE;

import { DomainError } from '../errors';
import { NOTICE_MINUTES, TZ_OFFSET } from '../studios';

/**
 * Asia/Tomsk has been a fixed +07:00 without DST since 2016, so plain offset arithmetic is exact
 * and keeps the domain free of a time-zone database (the frontend bundle imports it too).
 */
const OFFSET_MS = 7 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^(\d{1,2}):(\d{2})$/;

/** The calendar date (YYYY-MM-DD) in Tomsk at the given instant. */
export function tomskToday(instant: Date): string {
  return new Date(instant.getTime() + OFFSET_MS).toISOString().slice(0, 10);
}

/** Minutes since Tomsk midnight at the given instant. */
export function tomskMinuteOfDay(instant: Date): number {
  return Math.floor(((instant.getTime() + OFFSET_MS) % DAY_MS) / 60_000);
}

/** The instant a Tomsk wall-clock time occurs on a date; "24:00" is the next midnight. */
export function tomskInstant(date: string, time: string): Date {
  const midnight = Date.parse(`${assertIsoDate(date)}T00:00:00${TZ_OFFSET}`);
  return new Date(midnight + timeToMinutes(time, true) * 60_000);
}

/** The Tomsk wall-clock date and time of an instant as a datetime-local field shows it: "2026-12-31T23:59". */
export function tomskDateTimeLocal(instant: Date): string {
  return new Date(instant.getTime() + OFFSET_MS).toISOString().slice(0, 16);
}

export function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value);
}

function assertIsoDate(date: string): string {
  if (!isIsoDate(date)) throw new DomainError('validation', 'invalid_date', `Некорректная дата «${date}»: нужен формат ГГГГ-ММ-ДД`, 'date');
  return date;
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${assertIsoDate(date)}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${assertIsoDate(to)}T00:00:00Z`) - Date.parse(`${assertIsoDate(from)}T00:00:00Z`)) / DAY_MS);
}

/** 0 = Sunday … 6 = Saturday, the numbering discount rules use. */
export function weekdayOf(date: string): number {
  return new Date(`${assertIsoDate(date)}T00:00:00Z`).getUTCDay();
}

export interface ParsedTime {
  hour: number;
  minute: number;
  /** Minutes since midnight. */
  minutes: number;
}

/** "HH:MM" with hour 0–23 and minute 0–59 (a single-digit hour is accepted). */
export function parseTime(value: string): ParsedTime {
  const match = TIME.exec(value);
  const hour = Number(match?.[1]);
  const minute = Number(match?.[2]);
  if (!match || hour > 23 || minute > 59) {
    throw new DomainError('validation', 'invalid_time', `Некорректное время «${value}»: нужен формат ЧЧ:ММ, часы 0–23, минуты 0–59`, 'time');
  }
  return { hour, minute, minutes: hour * 60 + minute };
}

/** Like parseTime, but the end of a range may be "24:00". */
export function timeToMinutes(value: string, allowEndOfDay = false): number {
  if (allowEndOfDay && value === '24:00') return 24 * 60;
  return parseTime(value).minutes;
}

export function minutesToTime(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/**
 * Customer rule: a slot is past when its start is at or before now + 2 h (more than 2 h notice is
 * required); every slot of a day before today is past.
 */
export function isPastForCustomer(date: string, time: string, now: Date): boolean {
  if (date < tomskToday(now)) return true;
  return tomskInstant(date, time).getTime() <= now.getTime() + NOTICE_MINUTES * 60_000;
}

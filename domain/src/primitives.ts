import { z } from 'zod';
import { STUDIOS } from './studios';

export const studioSchema = z.enum(STUDIOS);
/** A calendar date, YYYY-MM-DD, read in Asia/Tomsk. */
export const isoDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'дата должна быть в формате ГГГГ-ММ-ДД')
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), 'несуществующая дата');
/** Start of a half-hour cell, HH:MM (hour 0-23, minute 0 or 30 on the grid). */
export const cellSchema = z.string().regex(/^([01]\d|2[0-3]):(00|30)$/, 'ячейка должна начинаться в HH:00 или HH:30');
/** Money is integer kopecks inside the system. */
export const kopecksSchema = z.number().int().nonnegative();
export const idSchema = z.string().min(1).max(100);
/** A phone number as stored: E.164 (normalised at the edge, so one person's number has one spelling). */
export const e164PhoneSchema = z.string().regex(/^\+[1-9]\d{6,14}$/, 'телефон должен быть в формате E.164');

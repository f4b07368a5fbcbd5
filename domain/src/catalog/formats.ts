import { SHOOTING_FORMATS } from '../bookings/events';

export type ShootingFormatKind = (typeof SHOOTING_FORMATS)[number];

/** A format as a studio offers it; the price is integer kopecks. */
export interface FormatState { name: string; price: number }

/**
 * What a studio offers until staff set otherwise. Only an event has a price of its own: a self
 * shoot costs its rent and a shoot with a photographer the photographer's rate.
 */
export const DEFAULT_FORMATS: Readonly<Record<ShootingFormatKind, FormatState>> = {
  self: { name: 'Самостоятельная съёмка', price: 0 },
  with_photographer: { name: 'Съёмка с фотографом', price: 0 },
  event: { name: 'Мероприятие', price: 0 },
};

/** Formats whose price staff may set; the others are charged through rent or a photographer's rate. */
export const PRICED_FORMATS: readonly ShootingFormatKind[] = ['event'];

/** The format as set for a studio, or its default. */
export const formatOf = (set: Readonly<Partial<Record<string, FormatState>>>, format: ShootingFormatKind): FormatState => set[format] ?? DEFAULT_FORMATS[format];

/** Every format of a studio in the booking page's order, the set ones over the defaults. */
export const studioFormats = (set: Readonly<Partial<Record<string, FormatState>>>) => SHOOTING_FORMATS.map((format) => ({ format, ...formatOf(set, format) }));

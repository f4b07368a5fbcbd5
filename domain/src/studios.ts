export const STUDIOS = ['pochta', 'kirova', 'masterskaya'] as const;
export type Studio = (typeof STUDIOS)[number];

export function isStudio(value: unknown): value is Studio {
  return typeof value === 'string' && (STUDIOS as readonly string[]).includes(value);
}

/** Business time zone: Asia/Tomsk has been a fixed +07:00 since 2016. */
export const TIME_ZONE = 'Asia/Tomsk';
export const TZ_OFFSET = '+07:00';

export const OPENING_MINUTE = 10 * 60;
export const CLOSING_MINUTE = 22 * 60;
export const CELL_MINUTES = 30;
/** A customer slot must start more than this long from now. */
export const NOTICE_MINUTES = 120;

export const DEFAULT_HOUR_PRICE_KOPECKS = 2000_00;
export const DEFAULT_HALF_HOUR_PRICE_KOPECKS = 1000_00;
export const GROUP_DISCOUNT_PERCENT = 20;
export const GROUP_DISCOUNT_MIN_MINUTES = 120;

/** How payers and mail see a studio's name (payment descriptions, receipts, confirmations). */
export const STUDIO_NAMES: Record<Studio, string> = { pochta: 'Почта', kirova: 'Кирова', masterskaya: 'Мастерская' };

/** 2026-12-12 → 12.12.2026. */
export const russianDate = (date: string) => date.split('-').reverse().join('.');

/** Where each studio is, as its page, reminders and calendar events give it. */
export const STUDIO_ADDRESSES: Record<Studio, string> = {
  pochta: 'Томск, проспект Ленина, 93, 3 этаж',
  kirova: 'Томск, проспект Кирова, 36, 2 этаж',
  masterskaya: 'Томск, улица Советская, 47',
};

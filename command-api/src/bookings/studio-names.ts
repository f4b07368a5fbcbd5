import type { Studio } from '@studio/domain';

/** How payers see a studio's name (payment descriptions, receipts). */
export const STUDIO_NAMES: Record<Studio, string> = { pochta: 'Почта', kirova: 'Кирова', masterskaya: 'Мастерская' };

/** 2026-12-12 → 12.12.2026. */
export const russianDate = (date: string) => date.split('-').reverse().join('.');

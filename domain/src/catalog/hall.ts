import type { Rule } from './events';
import type { RuleInput } from './decider';

/**
 * Hall sizes are stored with the Russian unit "м²" (Cyrillic "м", as a Russian reader writes it)
 * so every page shows one spelling without re-normalising: "65", "65 m²", "65м2" and "65 кв.м"
 * all become "65 м²". Text that already names the unit elsewhere ("65 м² + гримёрка") is kept.
 */
export const DEFAULT_HALL_SIZE = '65 м²';
const UNIT = /\s*(?<!\p{L})(?:m²|м²|m2|м2|кв\.\s?м\.?|кв\s?м)(?![\p{L}\d])/giu;

export function normaliseHallSize(value: string | null | undefined): string {
  const text = (value ?? '').trim().replace(/\s+/g, ' ');
  if (text === '') return DEFAULT_HALL_SIZE;
  const normalised = text.replace(UNIT, ' м²').trim();
  return normalised.includes('м²') ? normalised : `${normalised} м²`;
}

/** Trimmed, blanks dropped: an empty input line in the editor is not a feature. */
export const cleanList = (items: readonly string[]): string[] => items.map((item) => item.trim()).filter((item) => item !== '');

/** Blank titles are dropped and the rest renumbered 1…n, so numbers stay contiguous after a deletion. */
export function numberRules(rules: readonly RuleInput[]): Rule[] {
  return rules
    .map((rule) => ({ title: (rule.title ?? '').trim(), description: (rule.description ?? '').trim() }))
    .filter((rule) => rule.title !== '')
    .map((rule, index) => ({ number: index + 1, title: rule.title, ...(rule.description ? { description: rule.description } : {}) }));
}

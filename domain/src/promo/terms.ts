import { DomainError } from '../errors';

/** docs/promo-codes.md#rules «Promo form», in Russian; the form and the server say the same. */
export const PROMO_FORM_MESSAGES = {
  required: 'Заполните все обязательные поля',
  badDiscount: 'Скидка — число от 1 до 100',
  badLimit: 'Лимит использований — число больше 0',
  limitTooLarge: 'Лимит использований — не больше 1 000 000',
} as const;

/** More uses than any studio gives out; it keeps the counter well inside a 32-bit column. */
export const PROMO_USAGE_LIMIT_MAX = 1_000_000;

export interface PromoTermsInput {
  /** null: not given; NaN: given but not a number. */
  discountPercent: number | null;
  /** null: not given (or, where allowed, no limit); NaN: given but not a number. */
  usageLimit: number | null;
}

export interface PromoTermsProblem {
  field: 'discount_percent' | 'usage_limit';
  message: string;
}

/**
 * The first thing wrong with a promo's percent and limit, in the spec's order: both required,
 * then the percent a whole 1–100, then the limit a whole number above 0. `limitRequired` is false
 * only for a code that has no limit already (the demo ZIMA10), so resending its fields keeps it so.
 */
export function promoTermsProblem({ discountPercent, usageLimit }: PromoTermsInput, limitRequired = true): PromoTermsProblem | null {
  if (discountPercent === null) return { field: 'discount_percent', message: PROMO_FORM_MESSAGES.required };
  if (usageLimit === null && limitRequired) return { field: 'usage_limit', message: PROMO_FORM_MESSAGES.required };
  if (!Number.isInteger(discountPercent) || discountPercent < 1 || discountPercent > 100) return { field: 'discount_percent', message: PROMO_FORM_MESSAGES.badDiscount };
  if (usageLimit !== null && (!Number.isInteger(usageLimit) || usageLimit < 1)) return { field: 'usage_limit', message: PROMO_FORM_MESSAGES.badLimit };
  if (usageLimit !== null && usageLimit > PROMO_USAGE_LIMIT_MAX) return { field: 'usage_limit', message: PROMO_FORM_MESSAGES.limitTooLarge };
  return null;
}

/** promoTermsProblem as the decider's refusal. */
export function checkPromoTerms(terms: PromoTermsInput, limitRequired = true): { discountPercent: number; usageLimit: number | null } {
  const problem = promoTermsProblem(terms, limitRequired);
  if (problem) throw new DomainError('validation', 'promo_terms_invalid', problem.message, problem.field);
  return { discountPercent: terms.discountPercent!, usageLimit: terms.usageLimit };
}

import { DomainError } from '../errors';
import type { Studio } from '../studios';

/** docs/promo-codes.md#rules «Promo status shown». */
export type PromoStatus = 'inactive' | 'used' | 'expired' | 'active';

export const PROMO_STATUS_LABELS: Record<PromoStatus, string> = { inactive: 'Неактивен', used: 'Использован', expired: 'Истёк', active: 'Активен' };

/** What decides whether a code works now: the same fields on the command side, the read model and the page. */
export interface PromoStanding {
  studios: readonly Studio[];
  isActive: boolean;
  /** null: without a limit. */
  usageLimit: number | null;
  usageCount: number;
  /** An ISO instant; null: never expires. */
  expiresAt: string | null;
}

/** Uses left (usage_limit − usage_count, never below 0), or null for a code without a limit. */
export const remainingOf = ({ usageLimit, usageCount }: Pick<PromoStanding, 'usageLimit' | 'usageCount'>): number | null =>
  usageLimit === null ? null : Math.max(0, usageLimit - usageCount);

/** Inactive when switched off; used when no use is left; expired once its end has come; active otherwise. */
export function promoStatus(promo: Omit<PromoStanding, 'studios'>, now: Date): PromoStatus {
  if (!promo.isActive) return 'inactive';
  if (remainingOf(promo) === 0) return 'used';
  if (promo.expiresAt !== null && Date.parse(promo.expiresAt) <= now.getTime()) return 'expired';
  return 'active';
}

export const PROMO_REFUSALS = {
  invalid: 'Неверный промокод',
  inactive: 'Промокод отключён',
  used: 'Промокод недоступен для использования',
  expired: 'Срок действия промокода истёк',
} as const;

/**
 * Why a code cannot be used at `studio` now (`promo` null: no such code), or null when it can.
 * The booking page's check and the checkout both ask this; `field` names the input it came in.
 */
export function promoRefusal(promo: PromoStanding | null, studio: Studio, now: Date, field: string): DomainError | null {
  if (!promo || !promo.studios.includes(studio)) return new DomainError('validation', 'promo_invalid', PROMO_REFUSALS.invalid, field);
  switch (promoStatus(promo, now)) {
    case 'inactive':
      return new DomainError('conflict', 'promo_inactive', PROMO_REFUSALS.inactive, field);
    case 'used':
      return new DomainError('conflict', 'promo_used_up', PROMO_REFUSALS.used, field);
    case 'expired':
      return new DomainError('conflict', 'promo_expired', PROMO_REFUSALS.expired, field);
    case 'active':
      return null;
  }
}

import { checkPromoUsable, DomainError, promoAggregate, promoStream, type PromoCommand, type Studio } from '@studio/domain';
import type { CommandContext, CommandHandler } from '../commands/handle-command';
import { generatedPromoCode } from './generated-promo-code';

/** Made-up codes drawn before giving up; two clashes in a row are already all but impossible. */
const GENERATION_ATTEMPTS = 5;

type PromoTerms = Omit<Extract<PromoCommand, { type: 'CreatePromoCode' }>['data'], 'code'>;

/**
 * A promo code created by staff: the code they typed, or a readable one made here. A made-up code
 * that exists already is drawn again; a typed one that exists is for staff to change.
 */
export async function createPromoCode(commands: CommandHandler, typed: string | null, terms: PromoTerms, context: CommandContext) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await commands.handle(promoAggregate, { type: 'CreatePromoCode', data: { code: typed ?? generatedPromoCode(), ...terms } }, context);
    } catch (error) {
      const clash = error instanceof DomainError && error.code === 'promo_exists';
      if (!clash || typed !== null || attempt >= GENERATION_ATTEMPTS) throw error;
    }
  }
}

/** The promo's stream now, if its code can be used for `studio` at `now`; otherwise the refusal that says why. */
export async function usablePromo(commands: CommandHandler, code: string, studio: Studio, now: Date) {
  const { state } = await commands.read(promoAggregate, promoStream(code));
  checkPromoUsable(state, studio, now);
  return { ...state, promo: state.promo! };
}

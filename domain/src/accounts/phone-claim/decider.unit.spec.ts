import { describe, expect, it } from 'vitest';
import { spec } from '../../testing/decider-spec';
import { phoneClaimDecider, type PhoneClaimCommand } from './decider';
import type { PhoneClaimEvent } from './events';

const claim = spec(phoneClaimDecider);
const claimBy = (customerId: string): PhoneClaimCommand => ({ type: 'ClaimCustomerPhone', data: { phone: '+79991234567', customerId } });
const claimedBy = (customerId: string): PhoneClaimEvent => ({ type: 'CustomerPhoneClaimed', data: { phone: '+79991234567', customerId } });

describe('a phone number', () => {
  it('is claimed by the first account', () => {
    claim.given([]).when(claimBy('c1')).then([claimedBy('c1')]);
  });

  it('stays with its account: the same claim again records nothing', () => {
    claim.given([claimedBy('c1')]).when(claimBy('c1')).then([]);
  });

  it('refuses another account with the spec-clear message, at the phone field', () => {
    const error = claim.given([claimedBy('c1')]).when(claimBy('c2')).thenThrows('phone_taken', 'conflict');
    expect(error.message).toBe('Пользователь с таким телефоном уже зарегистрирован');
    expect(error.field).toBe('phone');
  });
});

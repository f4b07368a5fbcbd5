import { describe, expect, it } from 'vitest';
import { phoneDigits, sameOccupant } from './ownership';

describe('cell ownership', () => {
  it('keeps only the digits of a phone', () => {
    expect(phoneDigits('+7 (999) 123-45-67')).toBe('79991234567');
    expect(phoneDigits(null)).toBe('');
  });

  it('matches by user id, numeric or string', () => {
    expect(sameOccupant({ userId: 42 }, { userId: '42', phone: '70000000000' })).toBe(true);
    expect(sameOccupant({ userId: '42' }, { userId: '43' })).toBe(false);
  });

  it('matches by phone digits whatever the formatting or national prefix', () => {
    expect(sameOccupant({ phone: '+7 (999) 123-45-67' }, { phone: '79991234567' })).toBe(true);
    expect(sameOccupant({ phone: '8 999 123 45 67' }, { phone: '+79991234567' })).toBe(true);
    expect(sameOccupant({ phone: '9991234567' }, { phone: '79991234567' })).toBe(true);
    expect(sameOccupant({ phone: '79991234567' }, { phone: '79991234568' })).toBe(false);
  });

  it('two anonymous occupants are not the same person', () => {
    expect(sameOccupant({}, {})).toBe(false);
    expect(sameOccupant({ userId: null, phone: '' }, { userId: undefined, phone: '---' })).toBe(false);
    expect(sameOccupant(undefined, { userId: '1' })).toBe(false);
  });
});

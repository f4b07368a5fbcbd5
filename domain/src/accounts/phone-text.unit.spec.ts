import { describe, expect, it } from 'vitest';
import { phoneText } from './phone-text';

describe('phoneText', () => {
  it('shows an E.164 or digits-only number in the mask’s shape, the country code being what precedes the last ten digits', () => {
    expect(phoneText('+79991234567')).toBe('+7 (999) 123-45-67');
    expect(phoneText('79991234567')).toBe('+7 (999) 123-45-67');
    expect(phoneText('+3759991234567')).toBe('+375 (999) 123-45-67');
  });

  it('shows anything the mask cannot hold as stored', () => {
    expect(phoneText('12345')).toBe('12345');
    expect(phoneText('+12345678901234')).toBe('+12345678901234');
  });
});

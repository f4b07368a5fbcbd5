import { describe, expect, it } from 'vitest';
import { toE164 } from './e164';

describe('toE164', () => {
  it.each([
    ['the site mask', '+7 (999) 123-45-67', '+79991234567'],
    ['a Russian number typed with 8', '8 (999) 123-45-67', '+79991234567'],
    ['digits only', '89991234567', '+79991234567'],
    ['a Belarusian number in the mask', '+375 (29) 123-45-67', '+375291234567'],
  ])('spells %s in E.164', (_name, typed, e164) => {
    expect(toE164(typed)).toBe(e164);
  });

  it.each(['+7 (000) 000-00-00', '+7 999 123 45 67 89', 'телефон', ''])('refuses %j', (typed) => {
    expect(toE164(typed)).toBeNull();
  });
});

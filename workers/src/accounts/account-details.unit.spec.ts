import { describe, expect, it } from 'vitest';
import { accountIdForBooking, accountNameOf, generatePassword, GENERATED_PASSWORD_LENGTH, passwordSmsText } from './account-details';

describe('an account opened at booking', () => {
  it('has an id derived from the booking: the same booking, the same id; another, another', () => {
    const id = accountIdForBooking('4f1c2a52-8d0e-4c1e-9a55-2b7a0c1d3e4f');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(accountIdForBooking('4f1c2a52-8d0e-4c1e-9a55-2b7a0c1d3e4f')).toBe(id);
    expect(accountIdForBooking('4f1c2a52-8d0e-4c1e-9a55-2b7a0c1d3e40')).not.toBe(id);
  });

  it('takes the contact name\'s first word as the name and the rest as the surname', () => {
    expect(accountNameOf('Анна Петрова')).toEqual({ name: 'Анна', surname: 'Петрова' });
    expect(accountNameOf('  Анна   Мария  Петрова ')).toEqual({ name: 'Анна', surname: 'Мария Петрова' });
    expect(accountNameOf('Анна')).toEqual({ name: 'Анна', surname: '' });
    expect(accountNameOf('Я'.repeat(150)).name).toHaveLength(100);
  });

  it('gets a readable random password, different each time', () => {
    const passwords = new Set(Array.from({ length: 200 }, generatePassword));
    expect(passwords.size).toBe(200);
    for (const password of passwords) expect(password).toMatch(new RegExp(`^[a-km-zA-HJ-NP-Z2-9]{${GENERATED_PASSWORD_LENGTH}}$`));
  });

  it('is told by SMS with the phone as the login', () => {
    expect(passwordSmsText('+79991234567', 'Ab3kd9Xq2m')).toBe('Ваш аккаунт на сайте фотостудии: логин +79991234567, пароль Ab3kd9Xq2m');
  });
});

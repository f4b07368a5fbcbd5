import { describe, expect, it } from 'vitest';
import { clientSearchTerms, clientSearchText } from './client-search';

describe('the client search', () => {
  it('finds a client by name, surname, e-mail and phone digits, in lower case with ё as е', () => {
    expect(clientSearchText({ name: 'Семён', surname: 'Ёлкин', email: 'Semen@Example.ru', phone: '+79991234567' })).toBe('семен елкин semen@example.ru 79991234567');
    expect(clientSearchText({ name: 'Анна', surname: '', email: null, phone: '+79991234567' })).toBe('анна 79991234567');
  });

  it.each([
    ['  Семён   ЁЛКИН ', ['семен', 'елкин']],
    ['anna@example.ru', ['anna@example.ru']],
    ['+7 (999) 123-45', ['799912345']],
    ['8 999 123 45 67', ['79991234567']],
    ['999', ['999']],
    ['', []],
    ['   ', []],
  ])('reads %j as %j', (term, pieces) => {
    expect(clientSearchTerms(term)).toEqual(pieces);
  });
});

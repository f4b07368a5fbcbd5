/** Text as the client search compares it: lower case, ё as е (people type either), spaces collapsed. */
export const searchFolded = (text: string): string => text.toLowerCase().replaceAll('ё', 'е').replace(/\s+/g, ' ').trim();

/**
 * What a client is found by (docs/clients.md#what-it-does «Client base»): name, surname, e-mail and the
 * phone's digits, folded once when the read model is written, so the search compares plain text
 * whatever the database's locale.
 */
export const clientSearchText = (client: { name: string; surname: string; email: string | null; phone: string }): string =>
  searchFolded([client.name, client.surname, client.email ?? '', client.phone.replace(/\D/g, '')].join(' '));

const PHONE_LIKE = /^[\d\s()+-]+$/;

/**
 * The pieces a search must find, every one of them, in a client's search text. A term typed like a
 * phone (digits with + ( ) - and spaces: «+7 (999) 123-45») is one piece of its digits, an 11-digit
 * number starting with 8 read as the same number with 7; any other term is its words.
 */
export function clientSearchTerms(term: string): string[] {
  const folded = searchFolded(term);
  if (!folded) return [];
  if (PHONE_LIKE.test(folded) && /\d/.test(folded)) {
    const digits = folded.replace(/\D/g, '');
    return [digits.length === 11 && digits.startsWith('8') ? `7${digits.slice(1)}` : digits];
  }
  return folded.split(' ');
}

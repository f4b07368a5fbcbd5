/**
 * A stored phone (E.164 or digits only) as the site's mask shows it, +7 (999) 123-45-67: the last ten
 * digits are the number and what precedes them (one to three digits) the country code. Anything
 * else is shown as stored.
 */
export function phoneText(phone: string): string {
  const parts = /^\+?(\d{1,3})(\d{3})(\d{3})(\d{2})(\d{2})$/.exec(phone);
  return parts ? `+${parts[1]} (${parts[2]}) ${parts[3]}-${parts[4]}-${parts[5]}` : phone;
}

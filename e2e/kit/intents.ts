/** POST /api/bookings/intent as the booking page sends it for a guest: pochta, self shoot, no services. */
export const guestIntentBody = (date: string, times: readonly string[], totalPrice: number) => ({
  studio: 'pochta',
  timeSlots: times.map((time) => ({ date, time })),
  format: { format: 'self' },
  services: [],
  totalPrice,
  promoCode: '',
  contact: { name: 'Анна', phone: '+7 (999) 123-45-67', email: 'anna@example.ru', comment: '' },
  prepayPercent: 100,
});

/** The provider payment id a sandbox confirmation URL ends with. */
export const paymentIdOf = (confirmationUrl: string): string => confirmationUrl.split('/').at(-1)!;

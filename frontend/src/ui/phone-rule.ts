/**
 * The phone shape every customer form checks (the booking form's contacts, registration), with its
 * message (docs/booking.md#messages): a 1–3 digit country code, then (XXX) XXX-XX-XX.
 */
export const PHONE_PATTERN = /^\+\d{1,3} \(\d{3}\) \d{3}-\d{2}-\d{2}$/;

export const PHONE_SHAPE_MESSAGE = 'Введите корректный номер телефона в формате +7 (999) 123-45-67';

import ical, { type VEvent } from 'node-ical';
import { describe, expect, it } from 'vitest';
import { tomskInstant, type BookingPlaced } from '@studio/domain';
import { bookingIcsAttachment, confirmationMail, staffConfirmationMail } from './confirmation-mail';

const booking: BookingPlaced = {
  bookingId: 'b1',
  intentId: 'i1',
  studio: 'kirova',
  customer: { name: 'Анна Петрова', phone: '79991234567', email: 'anna@example.ru', comment: '' },
  blocks: [
    { date: '2026-12-13', cells: ['18:00'], holdId: 'h2' },
    { date: '2026-12-12', cells: ['10:00', '10:30', '11:00', '11:30', '15:00'], holdId: 'h1' },
  ],
  format: { kind: 'self', peopleCount: 1 },
  services: [],
  price: { lines: [], total: 700_000 },
  prepayPercent: 50,
};

describe('the booking confirmation e-mail', () => {
  it('names the studio, each day\'s ranges in order, the amount paid of the total, and links to the cabinet', () => {
    const mail = confirmationMail(booking, 350_000, 'https://studio.example.ru/');
    expect(mail.subject).toBe('Бронирование подтверждено');
    expect(mail.text).toBe(
      [
        'Здравствуйте, Анна Петрова!',
        '',
        'Ваше бронирование студии «Кирова» подтверждено.',
        '',
        '12.12.2026: 10:00–12:00, 15:00–15:30',
        '13.12.2026: 18:00–18:30',
        '',
        'Оплачено: 3\u00a0500 ₽ из 7\u00a0000 ₽',
        '',
        'Ваши бронирования: https://studio.example.ru/dashboard',
      ].join('\n'),
    );
  });
});

describe('the confirmation e-mail staff ask for', () => {
  it('lists the segments staff sent, by day and time, and links to the cabinet, with no amount', () => {
    const segments = [
      { date: '2026-12-13', start: '18:00', end: '18:30' },
      { date: '2026-12-12', start: '15:00', end: '15:30' },
      { date: '2026-12-12', start: '10:00', end: '12:00' },
    ];
    const mail = staffConfirmationMail({ studio: 'pochta', customer: { name: 'Иван Смирнов', phone: '79990001122', comment: '' } }, segments, 'https://studio.example.ru');
    expect(mail.subject).toBe('Бронирование подтверждено');
    expect(mail.text).toBe(
      [
        'Здравствуйте, Иван Смирнов!',
        '',
        'Ваше бронирование студии «Почта» подтверждено.',
        '',
        '12.12.2026: 10:00–12:00, 15:00–15:30',
        '13.12.2026: 18:00–18:30',
        '',
        'Ваши бронирования: https://studio.example.ru/dashboard',
      ].join('\n'),
    );
  });
});

describe('the confirmation e-mail\'s calendar file', () => {
  it('is the booking as one VEVENT a calendar reads back, from its first half hour to the end of its last range', () => {
    const file = bookingIcsAttachment({ ...booking, customerName: booking.customer.name }, new Date('2026-12-01T05:00:00Z'));
    expect(file).toMatchObject({ filename: 'booking.ics', contentType: expect.stringMatching(/^text\/calendar/) });
    const [event, ...more] = Object.values(ical.sync.parseICS(file.content)).filter((component): component is VEvent => component?.type === 'VEVENT');
    expect(more).toEqual([]);
    expect(event).toMatchObject({ uid: 'b1@studio-booking', summary: 'Фотостудия «Кирова»', status: 'CONFIRMED', location: 'Фотостудия «Кирова», Томск, проспект Кирова, 36, 2 этаж' });
    expect(event!.start.getTime()).toBe(tomskInstant('2026-12-12', '10:00').getTime());
    expect(event!.end!.getTime()).toBe(tomskInstant('2026-12-13', '18:30').getTime());
  });
});

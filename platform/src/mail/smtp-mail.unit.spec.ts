import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { DeliveryOutcomeUnknown } from '../messaging/deliveries';
import { createSmtpMailSender } from './smtp-mail';

describe('mail over SMTP (nodemailer)', () => {
  it('sends the text from MAIL_FROM with a Message-ID made of the dedupe key', async () => {
    const transport = nodemailer.createTransport({ jsonTransport: true });
    const sent: string[] = [];
    const spy = { ...transport, sendMail: async (mail: SendMailOptions) => sent.push(String((await transport.sendMail(mail)).message)) };
    await createSmtpMailSender({ from: 'Фотостудия <booking@example.ru>', transport: spy as unknown as Transporter }).send({
      to: 'anna@example.ru',
      subject: 'Бронирование подтверждено',
      text: 'Студия Почта',
      dedupeKey: 'booking-confirmed:b1',
    });
    expect(JSON.parse(sent[0]!)).toMatchObject({
      from: { address: 'booking@example.ru', name: 'Фотостудия' },
      to: [{ address: 'anna@example.ru' }],
      subject: 'Бронирование подтверждено',
      text: 'Студия Почта',
      messageId: '<booking-confirmed.b1@studio-booking>',
    });
  });

  it('rethrows a refusal (retry may send) and turns any other failure into an unknown outcome', async () => {
    const failing = (code: string) => ({ sendMail: async () => Promise.reject(Object.assign(new Error('smtp'), { code })) }) as unknown as Transporter;
    const message = { to: 'a@example.ru', subject: 's', text: 't', dedupeKey: 'k' };
    await expect(createSmtpMailSender({ from: 'a@b.ru', transport: failing('ECONNECTION') }).send(message)).rejects.not.toBeInstanceOf(DeliveryOutcomeUnknown);
    await expect(createSmtpMailSender({ from: 'a@b.ru', transport: failing('ETIMEDOUT') }).send(message)).rejects.toBeInstanceOf(DeliveryOutcomeUnknown);
  });
});

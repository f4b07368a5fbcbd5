import { customerAggregate, customerStream, russianDate, STUDIO_NAMES, tomskDateTimeLocal, waitlistEventSchemas, type WaitlistEvent } from '@studio/domain';
import { defineProcess, type Messaging } from '@studio/platform';

type Offered = Extract<WaitlistEvent, { type: 'WaitlistOfferMade' }>;

/** The booking page with the offer: it books the offer's cells through the offer's hold. */
const offerLink = (siteUrl: string, offer: Offered['data']) => `${siteUrl.replace(/\/$/, '')}/${offer.studio}/booking?offer=${offer.holdId}`;

/** What the customer is told: the waitlist, the studio, the day, the time, until when, and the link. */
export function offerTexts(offer: Offered['data'], siteUrl: string) {
  const when = `${russianDate(offer.date)}, ${offer.timeStart}–${offer.timeEnd}`;
  const until = tomskDateTimeLocal(new Date(offer.expiresAt)).slice(11, 16);
  const link = offerLink(siteUrl, offer);
  return {
    sms: `Лист ожидания: освободилось время в студии «${STUDIO_NAMES[offer.studio]}» ${when}. Оно за вами до ${until}: ${link}`,
    subject: 'Лист ожидания: время освободилось',
    mail: [
      'Здравствуйте!',
      '',
      `Вы стоите в листе ожидания студии «${STUDIO_NAMES[offer.studio]}», и время освободилось: ${when}.`,
      `Мы держим его за вами до ${until} (по Томску). Забронируйте его по ссылке: ${link}`,
      '',
      'Если не успеете, время предложат следующему в очереди.',
    ].join('\n'),
  };
}

/** One SMS and one e-mail per offer (dedupe keys `waitlist-offer:{holdId}:sms|mail`), to the customer's profile contacts. */
export const waitlistOfferMessages = (messaging: Messaging, siteUrl: string) =>
  defineProcess<Offered>({
    name: 'waitlist-offer-messages',
    reactsTo: { WaitlistOfferMade: waitlistEventSchemas.WaitlistOfferMade },
    async handle(event, { commands }) {
      const { customer } = (await commands.read(customerAggregate, customerStream(event.data.customerId))).state;
      if (!customer) return;
      const texts = offerTexts(event.data, siteUrl);
      const key = `waitlist-offer:${event.data.holdId}`;
      await messaging.sms.send({ to: customer.phone, text: texts.sms, dedupeKey: `${key}:sms` });
      if (customer.email) await messaging.mail.send({ to: customer.email, subject: texts.subject, text: texts.mail, dedupeKey: `${key}:mail` });
    },
  });

import { PRICE_MESSAGES, type PriceRow, type PricesRequest } from '@studio/domain';
import { z } from 'zod';
import { typedKopecks } from '../../ui/typed-amount';

export const PRICE_FORM_MESSAGES = {
  ...PRICE_MESSAGES,
  badPrice: 'Введите цену числом, не больше двух знаков после запятой',
} as const;

/** As typed: roubles, a comma as good as a point. */
export interface PriceFormValues {
  hour_price: string;
  half_hour_price: string;
}

export const EMPTY_PRICE_FORM: PriceFormValues = { hour_price: '', half_hour_price: '' };

export const priceFormValues = (row: PriceRow): PriceFormValues => ({ hour_price: String(row.hour_price), half_hour_price: String(row.half_hour_price) });

/** docs/catalog.md#rules «Prices»: both required and above zero, and the half hour cheaper than the hour (the decider's rules, said before sending). */
export const priceFormSchema = z
  .object({ hour_price: z.string(), half_hour_price: z.string() })
  .superRefine((values, context) => {
    const refuse = (path: keyof PriceFormValues, message: string) => context.addIssue({ code: 'custom', path: [path], message });
    const hour = typedKopecks(values.hour_price);
    const half = typedKopecks(values.half_hour_price);
    for (const [path, kopecks] of [['hour_price', hour], ['half_hour_price', half]] as const) {
      if (kopecks === null || kopecks === 0) refuse(path, PRICE_FORM_MESSAGES.required);
      else if (Number.isNaN(kopecks)) refuse(path, PRICE_FORM_MESSAGES.badPrice);
    }
    if (hour && half && half >= hour) refuse('half_hour_price', PRICE_FORM_MESSAGES.halfNotBelowHour);
  });

/** The body of POST /prices and PUT /prices/{id} from values the schema accepted. */
export const pricesRequest = (values: PriceFormValues): PricesRequest => ({
  hour_price: typedKopecks(values.hour_price)! / 100,
  half_hour_price: typedKopecks(values.half_hour_price)! / 100,
});

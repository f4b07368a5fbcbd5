import { z } from 'zod';
import { typedKopecks } from '../../ui/typed-amount';
import { PHOTOGRAPHER_MESSAGES, type PhotographerFields } from './api';

/** The inline form's fields as typed. */
export interface PhotographerFormValues {
  name: string;
  price: string;
}

/** docs/catalog.md#rules «Photographer»: a trimmed name and a price, both required; the price a number of roubles, at least 0. */
export const photographerFormSchema = z
  .object({ name: z.string().max(200, 'Не длиннее 200 символов'), price: z.string().max(20) })
  .superRefine(({ name, price }, context) => {
    if (!name.trim()) context.addIssue({ code: 'custom', path: ['name'], message: PHOTOGRAPHER_MESSAGES.required });
    const kopecks = typedKopecks(price);
    if (kopecks === null) context.addIssue({ code: 'custom', path: ['price'], message: PHOTOGRAPHER_MESSAGES.required });
    else if (Number.isNaN(kopecks)) context.addIssue({ code: 'custom', path: ['price'], message: PHOTOGRAPHER_MESSAGES.badPrice });
  });

/** What the server is sent: the name trimmed, the price in roubles. */
export const photographerFields = (values: PhotographerFormValues): PhotographerFields => ({ name: values.name.trim(), price: typedKopecks(values.price)! / 100 });

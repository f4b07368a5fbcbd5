import { PER_SHOOT_SERVICE_FORMATS, SERVICE_DESCRIPTION_MAX, SERVICE_MESSAGES, SERVICE_NAME_MAX, type Service, type ServiceRequest } from '@studio/domain';
import { z } from 'zod';
import { typedKopecks } from '../../ui/typed-amount';

/** The formats the form offers (docs/catalog.md#what-it-does «Service»); perfoto and perphoto are older spellings of a per-shoot one. */
export const SERVICE_FORM_FORMATS = ['inhour', 'infilming'] as const;

/** How the table and the form name a format: per hour, or per shoot for infilming, perfoto and perphoto. */
export const serviceFormatLabel = (format: string): string => {
  if (format === 'inhour') return 'За час';
  return PER_SHOOT_SERVICE_FORMATS.includes(format) ? 'За съёмку' : format;
};

export const SERVICE_FORM_MESSAGES = {
  ...SERVICE_MESSAGES,
  badPrice: 'Введите цену числом, не больше двух знаков после запятой',
  negativePrice: 'Цена не может быть отрицательной',
  tooLong: (max: number) => `Не длиннее ${max} символов`,
} as const;

export interface ServiceFormValues {
  name: string;
  /** As typed: roubles, a comma as good as a point. */
  price: string;
  format: string;
  description: string;
}

export const EMPTY_SERVICE_FORM: ServiceFormValues = { name: '', price: '', format: 'inhour', description: '' };

export const serviceFormValues = (service: Service): ServiceFormValues => ({
  name: service.name,
  price: String(service.price),
  format: service.format,
  description: service.description,
});

/** docs/catalog.md#rules «Service»: name and price required (one message for both), price ≥ 0 to the kopeck, a format. */
export const serviceFormSchema = z.object({
  name: z.string().trim().min(1, SERVICE_FORM_MESSAGES.required).max(SERVICE_NAME_MAX, SERVICE_FORM_MESSAGES.tooLong(SERVICE_NAME_MAX)),
  price: z.string().superRefine((typed, context) => {
    const kopecks = typedKopecks(typed);
    const refuse = (message: string) => context.addIssue({ code: 'custom', message });
    if (kopecks === null) refuse(SERVICE_FORM_MESSAGES.required);
    else if (typed.trim().startsWith('-')) refuse(SERVICE_FORM_MESSAGES.negativePrice);
    else if (Number.isNaN(kopecks)) refuse(SERVICE_FORM_MESSAGES.badPrice);
  }),
  format: z.string().min(1, SERVICE_FORM_MESSAGES.formatRequired),
  description: z.string().max(SERVICE_DESCRIPTION_MAX, SERVICE_FORM_MESSAGES.tooLong(SERVICE_DESCRIPTION_MAX)),
});

/** The body of POST /services and PUT /services/{id} from values the schema accepted. */
export const serviceRequest = (values: ServiceFormValues): ServiceRequest => ({
  name: values.name.trim(),
  price: typedKopecks(values.price)! / 100,
  format: values.format,
  description: values.description.trim(),
});

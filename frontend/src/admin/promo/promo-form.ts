import { PROMO_CODE_MAX, promoCodeSchema, promoTermsProblem, STUDIOS, tomskDateTimeLocal, type PromoCodeRow, type PromoCreateRequest, type PromoUpdateRequest, type Studio } from '@studio/domain';
import { z } from 'zod';

/** The create and edit modal's fields as typed; the expiry is Tomsk wall-clock time, as a datetime-local field gives it. */
export interface PromoFormValues {
  code: string;
  discount_percent: string;
  usage_limit: string;
  expires_at: string;
  /** '' for every studio. */
  studio: '' | Studio;
}

export const PROMO_CODE_FORMAT = `Код — буквы, цифры, «-» и «_», не длиннее ${PROMO_CODE_MAX} символов`;

/** A number as typed: null when blank, NaN when unreadable (the shared rule says which message). */
const typedNumber = (typed: string): number | null => {
  const text = typed.trim().replace(',', '.');
  if (text === '') return null;
  return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
};

/** docs/promo-codes.md#rules «Promo form»: the server's own rule, so both say the same; a typed code must be one the server takes. */
export const promoFormSchema = z
  .object({
    code: z.string().max(PROMO_CODE_MAX, PROMO_CODE_FORMAT),
    discount_percent: z.string().max(20),
    usage_limit: z.string().max(20),
    expires_at: z.string().max(40),
    studio: z.union([z.literal(''), z.enum(STUDIOS)]),
  })
  .superRefine((values, context) => {
    if (values.code.trim() && !promoCodeSchema.safeParse(values.code).success) context.addIssue({ code: 'custom', path: ['code'], message: PROMO_CODE_FORMAT });
    const problem = promoTermsProblem({ discountPercent: typedNumber(values.discount_percent), usageLimit: typedNumber(values.usage_limit) });
    if (problem) context.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  });

/** The terms the server is sent: numbers, the expiry or null (docs/promo-codes.md#rules: empty is sent as null), null for every studio. */
export const promoTerms = (values: PromoFormValues): PromoUpdateRequest => ({
  discount_percent: typedNumber(values.discount_percent),
  usage_limit: typedNumber(values.usage_limit),
  expires_at: values.expires_at || null,
  studio: values.studio || null,
});

/** A new code's request: the terms, and the code when one was typed. */
export const promoCreateRequest = (values: PromoFormValues): PromoCreateRequest => ({
  ...(values.code.trim() ? { code: values.code.trim().toUpperCase() } : {}),
  ...promoTerms(values),
});

export const EMPTY_PROMO_FORM: PromoFormValues = { code: '', discount_percent: '', usage_limit: '', expires_at: '', studio: '' };

/** A listed code in the edit form. */
export const promoFormValues = (row: PromoCodeRow): PromoFormValues => ({
  code: row.code,
  discount_percent: String(row.discount_percent),
  usage_limit: row.usage_limit === null ? '' : String(row.usage_limit),
  expires_at: row.expires_at ? tomskDateTimeLocal(new Date(row.expires_at)) : '',
  studio: row.studio ?? '',
});

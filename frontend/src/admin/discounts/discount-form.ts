import { discountTypeSchema, isDomainError, normaliseDiscountParameter, requireDiscountValue, type Discount, type Studio } from '@studio/domain';
import { z } from 'zod';
import { DISCOUNT_MESSAGES, studioAsSent, type DiscountRequest } from './api';
import { DISCOUNT_TYPE_INFO, isDiscountType, type DiscountType } from './discount-types';

/** The modal's fields as typed. */
export interface DiscountFormValues {
  name: string;
  discount_type: DiscountType;
  parameter: string;
  discount_value: string;
}

export const emptyDiscountForm = (): DiscountFormValues => ({ name: '', discount_type: 'weekend', parameter: '', discount_value: '' });

/** An existing discount in the modal; a type this page does not know opens as the first one. */
export const discountFormOf = (discount: Discount): DiscountFormValues => ({
  name: discount.name,
  discount_type: isDiscountType(discount.discount_type) ? discount.discount_type : 'weekend',
  parameter: discount.description,
  discount_value: String(discount.discount_value),
});

const typedValue = (typed: string): number => (/^\s*\d+([.,]\d+)?\s*$/.test(typed) ? Number(typed.trim().replace(',', '.')) : Number.NaN);

/** The domain's own check, its message or null: the modal says what the server would. */
function refusal(check: () => unknown): string | null {
  try {
    check();
    return null;
  } catch (error) {
    if (isDomainError(error)) return error.message;
    throw error;
  }
}

/**
 * docs/catalog.md#rules «Discount form»: the name and the value required, the value 1–100, and the
 * parameter read by the type's rule (dates, a number of days, weekday names or digits).
 */
export const discountFormSchema = z
  .object({
    name: z.string().max(200, 'Не длиннее 200 символов'),
    discount_type: discountTypeSchema,
    parameter: z.string().max(2000, 'Не длиннее 2000 символов'),
    discount_value: z.string().max(20),
  })
  .superRefine(({ name, discount_type: type, parameter, discount_value: value }, context) => {
    if (!name.trim()) context.addIssue({ code: 'custom', path: ['name'], message: DISCOUNT_MESSAGES.required });
    const valueProblem = !value.trim() ? DISCOUNT_MESSAGES.required : refusal(() => requireDiscountValue(typedValue(value)));
    if (valueProblem) context.addIssue({ code: 'custom', path: ['discount_value'], message: valueProblem });
    const parameterProblem = DISCOUNT_TYPE_INFO[type].parameter && refusal(() => normaliseDiscountParameter(type, parameter.trim()));
    if (parameterProblem) context.addIssue({ code: 'custom', path: ['parameter'], message: parameterProblem });
  });

/** The body of POST and PUT: a type without a parameter sends an empty one, the studio as the back-office spells it. */
export const discountRequest = (values: DiscountFormValues, studio: Studio): DiscountRequest => ({
  name: values.name.trim(),
  description: DISCOUNT_TYPE_INFO[values.discount_type].parameter ? values.parameter.trim() : '',
  discount_value: typedValue(values.discount_value),
  discount_type: values.discount_type,
  studio: studioAsSent(studio),
});

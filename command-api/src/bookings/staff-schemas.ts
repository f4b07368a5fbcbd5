import { z } from 'zod';
import { cellsOfRange, DomainError, isoDateSchema, minutesToTime, MOVE_OUTSIDE_DAY_MESSAGE, roublesToKopecksSchema } from '@studio/domain';

const text = (max: number) => z.string().trim().max(max, `не длиннее ${max} символов`);

/** A refusal with the spec's own text, not the field-prefixed one parseInput makes. */
export function parseOr<S extends z.ZodType>(schema: S, input: unknown, refusal: { code: string; message: string; field: string }): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw new DomainError('validation', refusal.code, refusal.message, refusal.field);
}

export const bookingParamsSchema = z.object({ id: z.uuid('ожидался идентификатор бронирования') });

/**
 * PATCH …/notes. A note left out is an empty one, which the decider refuses in the form's words. The
 * spec's client sends the author's name too; the session says who writes, so it is only length-checked.
 */
export const noteRequestSchema = z.object({
  note: text(2000)
    .nullish()
    .transform((note) => note ?? ''),
  adminName: z.string().max(100).nullish(),
});

export const REFUND_AMOUNT_MESSAGE = 'Укажите корректную сумму';
export const REFUND_PAYMENT_MESSAGE = 'Выберите платёж';

/** POST …/refund (docs/admin-calendar.md#calls-and-who-may-make-them): amount a 2-decimal string (a comma too), the payment chosen. */
export const refundRequestSchema = z.object({
  amount: z.unknown().optional(),
  paymentId: z.unknown().optional(),
  reason: text(250).nullish(),
  description: text(250).nullish(),
  adminId: z.union([z.string().max(100), z.number()]).nullish(),
  adminName: z.string().max(100).nullish(),
});
export const refundAmountSchema = roublesToKopecksSchema.pipe(z.number().int().min(1));
export const refundPaymentIdSchema = z.string().trim().min(1).max(100);

/** POST …/mark-transfer-rest-paid: empty, or the amount received (at least 0.01 ₽). */
export const transferRestRequestSchema = z.object({ amount: z.unknown().optional() }).nullish();
export const TRANSFER_AMOUNT_MESSAGE = 'Введите корректную сумму';
export const transferAmountSchema = roublesToKopecksSchema.refine((kopecks) => kopecks >= 1);

const time = z.string().regex(/^\d{1,2}:\d{2}$/, 'время в формате ЧЧ:ММ').transform((value) => {
  const [hours, minutes] = value.split(':').map(Number) as [number, number];
  return minutes < 60 ? hours * 60 + minutes : Number.NaN;
});
/** PUT …/transfer: the new date and range as HH:MM, turned into minutes of the day (checked against the day by the route). */
export const transferRequestSchema = z.object({ newDate: isoDateSchema, newTimeStart: time, newTimeEnd: time });

const DAY_MINUTES = 24 * 60;
const CELL_MINUTES = 30;

/** The transfer's target as cells of one day: inside 00:00–24:00, ending after it starts, on the half-hour grid. */
export function targetCells({ newTimeStart: start, newTimeEnd: end }: z.output<typeof transferRequestSchema>): string[] {
  if (!(start >= 0 && end <= DAY_MINUTES && end > start)) throw new DomainError('validation', 'outside_day', MOVE_OUTSIDE_DAY_MESSAGE, 'newTimeStart');
  if (start % CELL_MINUTES !== 0 || end % CELL_MINUTES !== 0) {
    throw new DomainError('validation', 'off_grid', 'Время переноса должно идти по получасовой сетке (ЧЧ:00 или ЧЧ:30)', 'newTimeStart');
  }
  return cellsOfRange(minutesToTime(start), minutesToTime(end));
}

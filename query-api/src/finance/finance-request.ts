import { z } from 'zod';
import { daysBetween, FINANCE_KINDS, FINANCE_MAX_DAYS, FINANCE_MAX_LIMIT, FINANCE_PAGE_SIZE, FINANCE_STATUSES, STUDIOS } from '@studio/domain';
import { dateParam, singleParam } from '@studio/platform';

/** An empty field of the filter form is the same as one not sent. */
const unlessBlank = <S extends z.ZodType>(schema: S) => z.preprocess((value) => (value === '' ? undefined : value), schema);
const oneOf = <T extends readonly [string, ...string[]]>(values: T) =>
  unlessBlank(singleParam().pipe(z.string().max(40, 'не длиннее 40 символов')).pipe(z.enum(values, { error: `допустимы: ${values.join(', ')}` })).optional());
const whole = (min: number, max: number) =>
  singleParam()
    .pipe(z.string().max(9, 'слишком большое число').regex(/^\d+$/, 'нужно целое неотрицательное число'))
    .transform(Number)
    .pipe(z.number().min(min, `не меньше ${min}`).max(max, `не больше ${max}`));
const day = () => unlessBlank(dateParam().optional());

/**
 * The journal's filters (GET /api/admin/finance/journal, journal.csv, reconciliation): the days
 * start..end in Asia/Tomsk, both inclusive and each optional, at most FINANCE_MAX_DAYS apart; the
 * studio, status and kind; the page (from 1) of `limit` rows.
 */
export const financeQuerySchema = z
  .object({
    start: day(),
    end: day(),
    studio: oneOf(STUDIOS),
    status: oneOf(FINANCE_STATUSES),
    kind: oneOf(FINANCE_KINDS),
    page: unlessBlank(whole(1, 1_000_000).default(1)),
    limit: unlessBlank(whole(1, FINANCE_MAX_LIMIT).default(FINANCE_PAGE_SIZE)),
  })
  .check((ctx) => {
    const { start, end } = ctx.value;
    if (start && end && start > end) ctx.issues.push({ code: 'custom', input: end, path: ['end'], message: 'раньше, чем start' });
    else if (start && end && daysBetween(start, end) + 1 > FINANCE_MAX_DAYS) ctx.issues.push({ code: 'custom', input: end, path: ['end'], message: `период не длиннее ${FINANCE_MAX_DAYS} дней` });
  });
export type FinanceQuery = z.output<typeof financeQuerySchema>;

import { z } from 'zod';
import { clientIdSchema, CLIENTS_MAX_LIMIT, CLIENTS_PAGE_SIZE, isIsoDate } from '@studio/domain';
import { dateParam, singleParam } from '@studio/platform';

/** An empty field of the filter form is the same as one not sent. */
const unlessBlank = <S extends z.ZodType>(schema: S) => z.preprocess((value) => (value === '' ? undefined : value), schema);

const whole = (min: number, max: number) =>
  singleParam()
    .pipe(z.string().regex(/^\d+$/, 'нужно целое неотрицательное число'))
    .transform(Number)
    .pipe(z.number().min(min, `не меньше ${min}`).max(max, `не больше ${max}`));

const day = () => dateParam().refine(isIsoDate, 'такой даты нет');

/** Far beyond any studio's bookings by one person: a larger number is a typo, not a filter. */
const MAX_BOOKINGS = 100_000;

/**
 * GET /api/admin/clients (docs/clients.md#calls-and-who-may-make-them): the page (from 1) of `limit` clients (12 unless
 * given, at most 100), the search, the number of bookings between min and max, and the day of the
 * latest booking between dateFrom and dateTo; every bound inclusive and optional.
 */
export const clientsQuerySchema = z
  .object({
    page: unlessBlank(whole(1, 1_000_000).default(1)),
    limit: unlessBlank(whole(1, CLIENTS_MAX_LIMIT).default(CLIENTS_PAGE_SIZE)),
    search: unlessBlank(singleParam().pipe(z.string().trim().max(100, 'не длиннее 100 символов')).optional()),
    minBookings: unlessBlank(whole(0, MAX_BOOKINGS).optional()),
    maxBookings: unlessBlank(whole(0, MAX_BOOKINGS).optional()),
    dateFrom: unlessBlank(day().optional()),
    dateTo: unlessBlank(day().optional()),
  })
  .check((ctx) => {
    const { minBookings, maxBookings, dateFrom, dateTo } = ctx.value;
    if (minBookings !== undefined && maxBookings !== undefined && minBookings > maxBookings) {
      ctx.issues.push({ code: 'custom', input: maxBookings, path: ['maxBookings'], message: 'меньше, чем minBookings' });
    }
    if (dateFrom && dateTo && dateFrom > dateTo) {
      ctx.issues.push({ code: 'custom', input: dateTo, path: ['dateTo'], message: 'раньше, чем dateFrom' });
    }
  });
export type ClientsQuery = z.output<typeof clientsQuerySchema>;

export const clientParamsSchema = z.object({ id: clientIdSchema });

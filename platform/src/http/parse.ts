import type { Request, RequestHandler } from 'express';
import { z } from 'zod';
import { DomainError, isoDateSchema, SPEC_MESSAGES, STUDIOS, type Studio } from '@studio/domain';

const russian = z.locales.ru().localeError;

const errorMap: z.core.$ZodErrorMap = (issue) =>
  issue.code === 'invalid_type' && issue.input === undefined ? 'обязательное поле' : russian(issue);

/** A NUL byte, or half of a surrogate pair without its other half (JSON's "\ud800" escape). */
const UNSAFE_TEXT = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const UNSAFE_TEXT_MESSAGE = 'недопустимые символы';

/**
 * Where in `input` (a body, a query, a value) the first string with a NUL byte or a lone surrogate
 * is, as the path of keys to it; undefined when there is none. No schema lets such text through:
 * Postgres stores neither (not in text, not in jsonb), so it would fail only at the write, a 500.
 */
export function unsafeTextPath(input: unknown, path: (string | number)[] = []): (string | number)[] | undefined {
  if (typeof input === 'string') return UNSAFE_TEXT.test(input) ? path : undefined;
  if (typeof input !== 'object' || input === null) return undefined;
  for (const [key, value] of Object.entries(input)) {
    if (UNSAFE_TEXT.test(key)) return path;
    const found = unsafeTextPath(value, [...path, Array.isArray(input) ? Number(key) : key]);
    if (found) return found;
  }
  return undefined;
}

function refuseUnsafeTextIn(input: unknown, field: string | undefined, whole: string): void {
  const path = unsafeTextPath(input);
  if (!path) return;
  const name = field ?? (path.length > 0 ? path.map(String).join('.') : whole);
  throw new DomainError('validation', 'invalid_input', `${name}: ${UNSAFE_TEXT_MESSAGE}`, name);
}

/**
 * Refuses a JSON body or a query string carrying a NUL byte or a lone surrogate anywhere, with the
 * 400 that names the field, before any route reads it: every route, whether it parses with
 * parseInput or not.
 */
export const refuseUnsafeText: RequestHandler = (req, _res, next) => {
  refuseUnsafeTextIn(req.body, undefined, 'body');
  refuseUnsafeTextIn(req.query, undefined, 'query');
  next();
};

/**
 * Parses request input or throws the validation error that names the first bad field:
 * `{field}: {reason}` in Russian, or a spec's own message as it is (SPEC_MESSAGES), since the form
 * shows it to the user. `field` overrides the path for a single value (a header, a segment).
 * Text with a NUL byte or a lone surrogate is refused whatever the schema says.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, field?: string): z.output<S> {
  refuseUnsafeTextIn(input, field, 'body');
  const result = schema.safeParse(input, { error: errorMap });
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const name = field ?? (issue && issue.path.length > 0 ? issue.path.map(String).join('.') : 'body');
  const reason = issue?.message ?? 'некорректное значение';
  throw new DomainError('validation', 'invalid_input', SPEC_MESSAGES.has(reason) ? reason : `${name}: ${reason}`, name);
}

/** A query parameter given exactly once (a repeated one arrives as an array). */
export const singleParam = () => z.string({ error: (issue) => (issue.input === undefined ? 'обязательное поле' : 'должен быть указан один раз') });

export const dateParam = () => singleParam().pipe(isoDateSchema);

export const studioParam = () => singleParam().pipe(z.enum(STUDIOS, { error: `неизвестная студия (допустимы: ${STUDIOS.join(', ')})` }));

/** The `:studio` path segment: an unknown studio is a resource that does not exist, so 404. */
export function studioSegment(req: Request): Studio {
  const studio = req.params.studio;
  if (typeof studio === 'string' && (STUDIOS as readonly string[]).includes(studio)) return studio as Studio;
  throw new DomainError('not_found', 'studio_not_found', 'Студия не найдена', 'studio');
}

import type { Request } from 'express';
import { z } from 'zod';
import { DomainError, isoDateSchema, SPEC_MESSAGES, STUDIOS, type Studio } from '@studio/domain';

const russian = z.locales.ru().localeError;

const errorMap: z.core.$ZodErrorMap = (issue) =>
  issue.code === 'invalid_type' && issue.input === undefined ? 'обязательное поле' : russian(issue);

/**
 * Parses request input or throws the validation error that names the first bad field:
 * `{field}: {reason}` in Russian, or a spec's own message as it is (SPEC_MESSAGES), since the form
 * shows it to the user. `field` overrides the path for a single value (a header, a segment).
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, field?: string): z.output<S> {
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

import type { Request } from 'express';
import { z } from 'zod';
import { isoDateSchema, STUDIOS } from '@studio/domain';
import { badRequest } from './errors';

/**
 * Parses request input; the first problem becomes a 400 naming the field. Schemas here carry
 * Russian messages, so the text can go to the client unchanged.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  return parse(schema, input, (path) => path.map(String).join('.') || undefined);
}

/** The same for one value whose field name the caller knows (a header, a route segment). */
export function parseField<S extends z.ZodType>(schema: S, value: unknown, field: string): z.output<S> {
  return parse(schema, value, () => field);
}

function parse<S extends z.ZodType>(schema: S, input: unknown, fieldOf: (path: PropertyKey[]) => string | undefined): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = fieldOf(issue?.path ?? []);
  const reason = issue?.message ?? 'некорректное значение';
  throw badRequest(field ? `Параметр ${field}: ${reason}` : reason, field);
}

/** A query parameter given exactly once (a repeated one arrives as an array). */
export const singleParam = () =>
  z.string({ error: (issue) => (issue.input === undefined ? 'обязателен' : 'должен быть указан один раз') });

export const dateParam = () => singleParam().pipe(isoDateSchema);

const UNKNOWN_STUDIO = `неизвестная студия (допустимы: ${STUDIOS.join(', ')})`;
export const studioParam = () => singleParam().pipe(z.enum(STUDIOS, { error: UNKNOWN_STUDIO }));

const studioSegmentSchema = studioParam();
/** The `:studio` route segment; its schema is built once, not per request. */
export const studioSegment = (req: Request) => parseField(studioSegmentSchema, req.params.studio, 'studio');

import { z } from 'zod';
import { DomainError } from '@studio/domain';

const russian = z.locales.ru().localeError;

const errorMap: z.core.$ZodErrorMap = (issue) =>
  issue.code === 'invalid_type' && issue.input === undefined ? 'обязательное поле' : russian(issue);

/** Parses request input or throws the validation DomainError that names the first bad field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input, { error: errorMap });
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue && issue.path.length > 0 ? issue.path.map(String).join('.') : 'body';
  throw new DomainError('validation', 'invalid_input', `${field}: ${issue?.message ?? 'некорректное значение'}`, field);
}

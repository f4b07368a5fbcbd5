import { describe, expect, it } from 'vitest';
import { PHOTOGRAPHER_MESSAGES } from './api';
import { photographerFields, photographerFormSchema } from './photographer-form';

const problems = (name: string, price: string) => {
  const result = photographerFormSchema.safeParse({ name, price });
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('the photographer form', () => {
  it('needs a name that is more than spaces and a price', () => {
    expect(problems('  ', '')).toEqual({ name: PHOTOGRAPHER_MESSAGES.required, price: PHOTOGRAPHER_MESSAGES.required });
  });

  it('takes a price of 0 or more roubles, a comma as a point, and nothing else', () => {
    expect(problems('Анна', '0')).toEqual({});
    expect(problems('Анна', '-100')).toEqual({ price: PHOTOGRAPHER_MESSAGES.badPrice });
    expect(photographerFields({ name: ' Анна ', price: '3500,5' })).toEqual({ name: 'Анна', price: 3500.5 });
  });
});

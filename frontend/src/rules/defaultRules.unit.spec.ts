import { describe, expect, it } from 'vitest';
import { DEFAULT_RULES } from './defaultRules';

describe('built-in default rules', () => {
  it.each(['pochta', 'kirova', 'masterskaya'] as const)('%s has 16 numbered rules with titles', (studio) => {
    const rules = DEFAULT_RULES[studio];
    expect(rules).toHaveLength(16);
    expect(rules.map((r) => r.number)).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
    expect(rules.every((r) => r.title.length > 10)).toBe(true);
  });

  it('states the studio-specific facts', () => {
    const text = (studio: 'pochta' | 'kirova' | 'masterskaya') =>
      DEFAULT_RULES[studio].map((r) => `${r.title} ${r.description ?? ''}`).join(' ');
    expect(text('pochta')).toContain('до 6 участников');
    expect(text('kirova')).toContain('до 10 участников');
    expect(text('pochta')).toContain('5000 ₽');
    expect(text('masterskaya')).toContain('10 000 ₽');
    expect(text('masterskaya')).toContain('не более 15 человек');
  });
});

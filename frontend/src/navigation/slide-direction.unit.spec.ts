import { describe, expect, it } from 'vitest';
import { slideDirection } from './slide-direction';

describe('slideDirection', () => {
  it('slides left when moving forward through one studio’s tabs', () => {
    expect(slideDirection('/pochta', '/pochta/booking')).toBe('left');
    expect(slideDirection('/kirova/booking', '/kirova/rules')).toBe('left');
  });

  it('slides right when moving backward through one studio’s tabs', () => {
    expect(slideDirection('/pochta/rules', '/pochta')).toBe('right');
    expect(slideDirection('/masterskaya/rules', '/masterskaya/booking')).toBe('right');
  });

  it('slides right coming from a booking or rules page of another section', () => {
    expect(slideDirection('/kirova/rules', '/pochta')).toBe('right');
    expect(slideDirection('/pochta/booking', '/masterskaya')).toBe('right');
  });

  it('slides left otherwise', () => {
    expect(slideDirection('/', '/pochta')).toBe('left');
    expect(slideDirection(null, '/kirova/rules')).toBe('left');
    expect(slideDirection('/kirova', '/pochta/rules')).toBe('left');
  });
});

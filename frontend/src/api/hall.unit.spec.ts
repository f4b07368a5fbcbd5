import { describe, expect, it } from 'vitest';
import { formatHallSize, parseHall, parsePhotos } from './hall';

describe('hall answer parsing', () => {
  it('reads the hall from the data envelope and from a bare object alike', () => {
    const hall = { hall_size: '65 м²', features: ['Циклорама'], photos: ['/images/pochta/pochta-1.jpg'], rules: [] };
    expect(parseHall({ success: true, data: hall })).toEqual(parseHall(hall));
    expect(parseHall(hall).features).toEqual(['Циклорама']);
  });

  it('accepts photos as a JSON string of a list and drops what is not a path', () => {
    expect(parsePhotos('["/images/kirova/kirova-1.jpg", 5, ""]')).toEqual(['/images/kirova/kirova-1.jpg']);
    expect(parsePhotos('not json')).toEqual([]);
    expect(parsePhotos(null)).toEqual([]);
  });

  it('appends м² to a bare hall size and normalises a latin m²', () => {
    expect(formatHallSize('80')).toBe('80 м²');
    expect(formatHallSize('120 м²')).toBe('120 м²');
    expect(formatHallSize('65 m²')).toBe('65 м²');
    expect(parseHall({ hall_size: 90 }).hallSize).toBe('90 м²');
    expect(parseHall({}).hallSize).toBeNull();
  });

  it('keeps titled rules in number order and leaves out empty descriptions', () => {
    const { rules } = parseHall({
      rules: [
        { number: 2, title: 'Второе', description: '' },
        { number: 1, title: 'Первое', description: 'Пояснение' },
        { number: 3, title: '' },
      ],
    });
    expect(rules).toEqual([
      { number: 1, title: 'Первое', description: 'Пояснение' },
      { number: 2, title: 'Второе' },
    ]);
  });
});

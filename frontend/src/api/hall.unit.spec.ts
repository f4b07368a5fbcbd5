import { describe, expect, it } from 'vitest';
import { formatHallSize, hallData } from './hall';

const hall = { hall_size: '65 м²', features: ['Циклорама', ' '], photos: ['/images/pochta/pochta-1.jpg', '', 'https://cdn.example/1.jpg'], rules: [] };

describe('the hall as the pages show it', () => {
  it('keeps the features and photos that say something', () => {
    expect(hallData(hall)).toMatchObject({ hallSize: '65 м²', features: ['Циклорама'], photos: ['/images/pochta/pochta-1.jpg', 'https://cdn.example/1.jpg'] });
  });

  it('appends м² to a bare hall size, normalises a latin m², and has none for a blank one', () => {
    expect(formatHallSize('80')).toBe('80 м²');
    expect(formatHallSize('120 м²')).toBe('120 м²');
    expect(formatHallSize('65 m²')).toBe('65 м²');
    expect(hallData({ ...hall, hall_size: '  ' }).hallSize).toBeNull();
  });

  it('keeps titled rules in number order and leaves out empty descriptions', () => {
    const { rules } = hallData({
      ...hall,
      rules: [
        { number: 2, title: 'Второе', description: '' },
        { number: 1, title: 'Первое', description: 'Пояснение' },
        { number: 3, title: ' ' },
      ],
    });
    expect(rules).toEqual([
      { number: 1, title: 'Первое', description: 'Пояснение' },
      { number: 2, title: 'Второе' },
    ]);
  });
});

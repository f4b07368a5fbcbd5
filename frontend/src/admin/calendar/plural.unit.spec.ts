import { describe, expect, it } from 'vitest';
import { createTitle, durationText, intervalsCountText, slotsText } from './plural';

describe('slot counts in Russian', () => {
  it.each([
    [1, '1 слот'],
    [2, '2 слота'],
    [4, '4 слота'],
    [5, '5 слотов'],
    [11, '11 слотов'],
    [12, '12 слотов'],
    [14, '14 слотов'],
    [21, '21 слот'],
    [22, '22 слота'],
    [25, '25 слотов'],
  ])('%i → %s', (count, text) => expect(slotsText(count)).toBe(text));

  it('names a duration in hours and minutes', () => {
    expect(durationText(30)).toBe('30 мин');
    expect(durationText(60)).toBe('1 ч');
    expect(durationText(150)).toBe('2 ч 30 мин');
  });

  it('titles the create modal by the number of cells', () => {
    expect(createTitle(1)).toBe('Создание новой брони');
    expect(createTitle(2)).toBe('Создание новой брони на 2 слота');
    expect(createTitle(5)).toBe('Создание новой брони на 5 слотов');
  });

  it.each([
    [1, '1 интервал'],
    [3, '3 интервала'],
    [5, '5 интервалов'],
    [11, '11 интервалов'],
    [21, '21 интервал'],
  ])('the transfer counts %i half hours as %s', (count, text) => expect(intervalsCountText(count)).toBe(text));
});

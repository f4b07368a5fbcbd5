import { describe, expect, it } from 'vitest';
import { pageButtons } from './page-buttons';

describe('the page buttons', () => {
  it.each([
    [1, 0, []],
    [1, 1, [1]],
    [1, 3, [1, 2, 3]],
    [1, 10, [1, 2, 3, 4, 5]],
    [3, 10, [1, 2, 3, 4, 5]],
    [4, 10, [2, 3, 4, 5, 6]],
    [6, 10, [4, 5, 6, 7, 8]],
    [9, 10, [6, 7, 8, 9, 10]],
    [10, 10, [6, 7, 8, 9, 10]],
    [5, 5, [1, 2, 3, 4, 5]],
  ])('on page %i of %i are %j', (current, total, pages) => {
    expect(pageButtons(current, total)).toEqual(pages);
  });
});

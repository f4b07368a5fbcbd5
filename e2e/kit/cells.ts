import { OPENING_CELLS } from '@studio/domain';

/** 1 to 4 adjacent cells inside opening hours, anywhere in the day: most such ranges overlap others. */
export function randomAdjacentCells(): string[] {
  const length = 1 + Math.floor(Math.random() * 4);
  const start = Math.floor(Math.random() * (OPENING_CELLS.length - length + 1));
  return OPENING_CELLS.slice(start, start + length);
}

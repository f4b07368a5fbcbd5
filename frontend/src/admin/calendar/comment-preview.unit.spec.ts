import { describe, expect, it } from 'vitest';
import { commentPreview } from './comment-preview';

describe('the chain card’s comment preview', () => {
  it('keeps a comment of 180 characters whole', () => {
    const text = 'а'.repeat(180);
    expect(commentPreview(text)).toBe(text);
  });

  it('cuts a longer one to 177 characters and an ellipsis', () => {
    const preview = commentPreview(`${'б'.repeat(177)}вгде`);
    expect(preview).toBe(`${'б'.repeat(177)}…`);
    expect(preview).toHaveLength(178);
  });

  it('trims the blank edges first', () => {
    expect(commentPreview('  свет с окна  ')).toBe('свет с окна');
  });
});

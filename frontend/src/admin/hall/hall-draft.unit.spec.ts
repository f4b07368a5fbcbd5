import { describe, expect, it } from 'vitest';
import { acceptedPhotos, moved, removedAt, savedBody, unusedUploads } from './hall-draft';

describe('the hall editor’s draft', () => {
  it('moves a photo by drag or a step, and removes one', () => {
    expect(moved(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moved(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b'], 1, 2)).toEqual(['a', 'b']);
    expect(removedAt(['a', 'b', 'c'], 1)).toEqual(['a', 'c']);
  });

  it('saves without blank features and untitled rules, trimmed', () => {
    const body = savedBody({
      hall_size: ' 80 м² ',
      features: ['Циклорама', '  ', ' Гримёрка '],
      rules: [{ title: ' Без обуви ', description: ' на циклораме ' }, { title: ' ', description: 'потерянное' }],
      photos: ['/media/halls/kirova/x.webp'],
    });
    expect(body).toEqual({ hall_size: '80 м²', features: ['Циклорама', 'Гримёрка'], rules: [{ title: 'Без обуви', description: 'на циклораме' }], photos: ['/media/halls/kirova/x.webp'] });
  });

  it('lets go of uploads no longer shown, never the bundled demo images', () => {
    expect(unusedUploads(['/images/kirova/kirova-1.jpg', '/media/halls/kirova/a.webp', '/media/halls/kirova/b.webp'], ['/media/halls/kirova/c.webp', '/media/halls/kirova/d.webp'], ['/media/halls/kirova/b.webp', '/media/halls/kirova/d.webp'])).toEqual([
      '/media/halls/kirova/a.webp',
      '/media/halls/kirova/c.webp',
    ]);
  });

  it('takes JPEG, PNG, HEIC and HEIF by type or by name, and leaves the rest out', () => {
    const files = [
      { name: 'a.JPG', type: '' },
      { name: 'b', type: 'image/png' },
      { name: 'IMG_1.HEIC', type: '' },
      { name: 'c.heif', type: 'image/heif' },
      { name: 'notes.pdf', type: 'application/pdf' },
      { name: 'd.gif', type: 'image/gif' },
    ];
    const { accepted, refused } = acceptedPhotos(files);
    expect(accepted.map((file) => file.name)).toEqual(['a.JPG', 'b', 'IMG_1.HEIC', 'c.heif']);
    expect(refused.map((file) => file.name)).toEqual(['notes.pdf', 'd.gif']);
  });
});

import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { webImageOf, WEB_IMAGE_MAX_SIDE } from './web-image';

const fixture = (name: string) => readFileSync(new URL(`../../../e2e/fixtures/${name}`, import.meta.url));

describe('a hall photo made for the web', () => {
  it('turns a PNG as its EXIF orientation says and keeps no metadata', async () => {
    // Stored 60×40 with orientation 6 (turn 90° clockwise): seen as 40×60.
    const { webp, width, height } = await webImageOf(fixture('hall-photo.png'), 'png');
    expect([width, height]).toEqual([40, 60]);
    const meta = await sharp(webp).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 40, height: 60 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
  });

  it('decodes a HEVC HEIC, which sharp alone cannot, into a WebP of its size and colour', async () => {
    await expect(sharp(fixture('hall-photo.heic')).png().toBuffer()).rejects.toThrow();
    const { webp, width, height } = await webImageOf(fixture('hall-photo.heic'), 'heic');
    expect([width, height]).toEqual([64, 48]);
    const { dominant } = await sharp(webp).stats();
    expect(dominant.r).toBeGreaterThan(150);
    expect(dominant.b).toBeLessThan(100);
  });

  it('shrinks a large image to 1920 px on its longer side, and refuses bytes that are no image', async () => {
    const large = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#777' } }).jpeg().toBuffer();
    expect(await webImageOf(large, 'jpeg')).toMatchObject({ width: WEB_IMAGE_MAX_SIDE, height: 1440 });
    await expect(webImageOf(Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x01]), 'jpeg')).rejects.toThrow();
    await expect(webImageOf(Buffer.from('ftypheic garbage'), 'heic')).rejects.toThrow();
  });
});

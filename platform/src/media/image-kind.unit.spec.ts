import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { imageKindOf } from './image-kind';

const fixture = (name: string) => readFileSync(new URL(`../../../e2e/fixtures/${name}`, import.meta.url));
const ftyp = (major: string, ...compatible: string[]) => {
  const size = 16 + compatible.length * 4;
  return new Uint8Array([0, 0, 0, size, ...Buffer.from(`ftyp${major}`), 0, 0, 0, 0, ...compatible.flatMap((brand) => [...Buffer.from(brand)])]);
};

describe('an upload\'s image kind, by content', () => {
  it('knows a PNG and a HEVC HEIC from their bytes', () => {
    expect(imageKindOf(fixture('hall-photo.png'))).toBe('png');
    expect(imageKindOf(fixture('hall-photo.heic'))).toBe('heic');
    expect(imageKindOf(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe('jpeg');
  });

  it('takes a HEIF whose image brand is only among the compatible ones, and not an MP4 or a text named .jpg', () => {
    expect(imageKindOf(ftyp('avif', 'mif1', 'miaf'))).toBe('heic');
    expect(imageKindOf(ftyp('isom', 'iso2', 'mp41'))).toBeNull();
    expect(imageKindOf(fixture('not-a-photo.jpg'))).toBeNull();
    expect(imageKindOf(new Uint8Array([0xff, 0xd8]))).toBeNull();
  });
});

import decodeHeic from 'heic-decode';
import sharp, { type Sharp } from 'sharp';
import type { HallPhotoKind } from '@studio/domain';

/** The longest side of a hall photo on the site: a full-width slide on a large screen. */
export const WEB_IMAGE_MAX_SIDE = 1920;

export interface WebImage {
  webp: Buffer;
  width: number;
  height: number;
}

/**
 * The image sharp can read: JPEG and PNG as they are; a HEIC decoded to pixels by libheif (WASM),
 * since sharp's prebuilt binaries have no HEVC decoder, and sharp itself for a HEIF it can read
 * (AVIF-coded) when libheif cannot.
 */
async function readable(bytes: Buffer, kind: HallPhotoKind): Promise<Sharp> {
  if (kind !== 'heic') return sharp(bytes, { failOn: 'error' });
  try {
    const { width, height, data } = await decodeHeic({ buffer: bytes });
    return sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), { raw: { width, height, channels: 4 } });
  } catch (heicError) {
    const fallback = sharp(bytes, { failOn: 'error' });
    await fallback.clone().stats().catch(() => {
      throw heicError;
    });
    return fallback;
  }
}

/**
 * A hall photo for the web: turned as its EXIF orientation says, no larger than 1920 px a side,
 * WebP, with every metadata block (EXIF, GPS, ICC) left out. Throws when the bytes are not the
 * image they claim to be.
 */
export async function webImageOf(bytes: Buffer, kind: HallPhotoKind): Promise<WebImage> {
  const image = await readable(bytes, kind);
  const { data, info } = await image
    .rotate()
    .resize({ width: WEB_IMAGE_MAX_SIDE, height: WEB_IMAGE_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 82 })
    .toBuffer({ resolveWithObject: true });
  return { webp: data, width: info.width, height: info.height };
}

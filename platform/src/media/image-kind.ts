import type { HallPhotoKind } from '@studio/domain';

/** HEIF brands of still images (ISO/IEC 23008-12): HEVC-coded and the generic image brands. */
const HEIF_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1']);

/**
 * What an uploaded file is by its first bytes, whatever its name or the browser's type say:
 * JPEG (FF D8 FF), PNG (its 8-byte signature) or a HEIF/HEIC container (an `ftyp` box with a
 * HEIF brand); null for anything else.
 */
export function imageKindOf(bytes: Uint8Array): HallPhotoKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((byte, index) => bytes[index] === byte)) return 'png';
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === 'ftyp') {
    const boxSize = (bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!;
    const end = Math.min(bytes.length, boxSize);
    // The major brand, then the compatible brands after the minor version.
    const brands = [ascii(bytes, 8, 12), ...Array.from({ length: Math.max(0, (end - 16) / 4) }, (_, i) => ascii(bytes, 16 + i * 4, 20 + i * 4))];
    if (brands.some((brand) => HEIF_BRANDS.has(brand))) return 'heic';
  }
  return null;
}

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

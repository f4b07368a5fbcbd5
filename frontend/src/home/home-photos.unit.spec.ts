import { describe, expect, it } from 'vitest';
import { buildGallery, galleryRows } from './home-photos';

describe('home gallery photos', () => {
  it('keeps at most three photos per studio', () => {
    const photos = buildGallery({ pochta: ['/a.jpg', '/b.jpg', '/c.jpg', '/d.jpg'] }, () => 0);
    expect(photos.pochta).toEqual(['/a.jpg', '/b.jpg', '/c.jpg']);
  });

  it('uses a studio’s fallback images when its photos failed or are empty', () => {
    const photos = buildGallery({ kirova: [] }, () => 0);
    expect(photos.kirova).toEqual(['/images/sovetskaya4.jpg', '/images/sovetskaya5.jpg', '/images/sovetskaya6.jpg']);
    expect(photos.masterskaya[0]).toBe('/images/sovetskaya7.jpg');
  });

  it('gives education one chosen photo of each studio', () => {
    const photos = buildGallery(
      { pochta: ['/p1.jpg', '/p2.jpg'], kirova: ['/k1.jpg'], masterskaya: ['/m1.jpg', '/m2.jpg', '/m3.jpg'] },
      (length) => length - 1,
    );
    expect(photos.education).toEqual(['/p2.jpg', '/k1.jpg', '/m3.jpg']);
  });

  it('lays photos out in three rows that each show every section', () => {
    const photos = buildGallery({}, () => 0);
    const rows = galleryRows(photos, ['pochta', 'kirova', 'masterskaya', 'education']);
    expect(rows).toHaveLength(3);
    expect(rows[1]!.map((p) => p.section)).toEqual(['pochta', 'kirova', 'masterskaya', 'education']);
    expect(rows[2]![0]!.src).toBe('/images/sovetskaya3.jpg');
  });
});

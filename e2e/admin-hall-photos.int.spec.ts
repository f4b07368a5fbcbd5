// Hall photos (issue 10, docs/catalog.md#calls-and-who-may-make-them «Hall»): a super administrator uploads PNG and HEIC
// files, checked by content; the workers make each a WebP (oriented, no metadata, at most 1920 px)
// under the media folder, and the editor follows them from «processing» to «ready». A file that is
// no image and one over the size limit are refused with nothing kept; a photo the hall shows cannot
// be deleted until the hall is saved without it.
import { readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogStream, HALL_PHOTO_MAX_BYTES, hallPhotoStream, type Studio } from '@studio/domain';
import { committedEvents, eventually } from '@studio/platform/testing';
import { openStack, postJson, requestJson, uploadHallPhotos, type HallPhotoFile, type Stack, type TestStaffMember } from './kit';

let stack: Stack;
let staff: TestStaffMember;
beforeAll(async () => {
  stack = await openStack({ name: 'hall_photos', commandApi: true, queryApi: true, projections: true, workers: true });
  staff = await stack.staffLogin('super', 'Вера');
});
afterAll(() => stack?.stop());

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`./fixtures/${name}`, import.meta.url)));

const upload = (studio: string, field: 'photo' | 'photos', files: HallPhotoFile[]) => uploadHallPhotos(stack.commandUrl, staff.headers, studio, field, files);

const states = (ids: string[]) => requestJson(`${stack.queryUrl}/api/admin/hall-photos?ids=${ids.join(',')}`, { headers: staff.headers });
const fileOf = (mediaPath: string) => path.join(stack.media.publicRoot, mediaPath.replace(/^\/media\//, ''));
const ready = async (ids: string[]) => {
  await eventually(async () => {
    const photos: { status: string }[] = (await states(ids)).body.photos ?? [];
    return photos.length === ids.length && photos.every((photo) => photo.status === 'ready');
  }, 20_000);
};

describe('hall photo uploads', () => {
  it('turn a PNG into a WebP the right way up and without metadata, named by the upload, under the staff member', async () => {
    const res = await upload('kirova', 'photo', [{ name: 'зал.png', bytes: fixture('hall-photo.png'), type: 'image/png' }]);
    expect(res.status).toBe(202);
    const photo = res.body.photos[0]!;
    expect(res.body).toMatchObject({ success: true, filename: `/media/halls/kirova/${photo.id}.webp`, photos: [{ status: 'processing' }] });
    await ready([photo.id]);
    const meta = await sharp(fileOf(photo.filename)).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 40, height: 60 });
    expect(meta.exif).toBeUndefined();
    const events = (await committedEvents(stack.db.url)).filter((event) => event.streamName === hallPhotoStream(photo.id));
    expect(events.map((event) => [event.type, event.metadata.actor])).toEqual([
      ['HallPhotoUploaded', `staff:${staff.id}`],
      ['HallPhotoReady', 'system:hall-photo-processing'],
    ]);
    expect(await readdir(path.join(path.dirname(stack.media.publicRoot), 'incoming'))).toEqual([]);
  });

  it('take several files at once under `photos` (masterskaya\'s spelling), a HEVC HEIC among them', async () => {
    const res = await upload('masterskaya', 'photos', [
      { name: 'IMG_0001.HEIC', bytes: fixture('hall-photo.heic'), type: '' },
      { name: 'second.png', bytes: fixture('hall-photo.png'), type: 'image/png' },
    ]);
    expect(res.status).toBe(202);
    const ids = res.body.photos.map((photo) => photo.id);
    expect(ids).toHaveLength(2);
    await ready(ids);
    expect(await sharp(fileOf(res.body.photos[0]!.filename)).metadata()).toMatchObject({ format: 'webp', width: 64, height: 48 });
  });

  it('refuse a text named .jpg and a file over the limit, keeping nothing', async () => {
    const before = (await committedEvents(stack.db.url)).length;
    const text = await upload('pochta', 'photo', [{ name: 'photo.jpg', bytes: fixture('not-a-photo.jpg'), type: 'image/jpeg' }]);
    expect(text.status).toBe(400);
    expect(text.body).toMatchObject({ success: false, code: 'not_an_image', field: 'photo', error: 'Файл «photo.jpg» — не изображение: подходят JPEG, PNG, HEIC и HEIF' });
    const huge = new Uint8Array(HALL_PHOTO_MAX_BYTES + 1);
    huge.set([0xff, 0xd8, 0xff]);
    const big = await upload('pochta', 'photo', [{ name: 'big.jpg', bytes: huge, type: 'image/jpeg' }]);
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({ success: false, code: 'photo_too_large', field: 'photo' });
    expect(await committedEvents(stack.db.url)).toHaveLength(before);
  });

  it('delete a photo only once the hall no longer shows it, removing its file', async () => {
    const res = await upload('kirova', 'photo', [{ name: 'a.png', bytes: fixture('hall-photo.png'), type: 'image/png' }]);
    const photo = res.body.photos[0]!;
    await ready([photo.id]);
    const hall = (photos: string[]) => postJson(stack.commandUrl, '/api/kirova/hall', { hall_size: '80', features: [], rules: [], photos }, 'PUT', staff.headers);
    expect((await hall([photo.filename])).status).toBe(200);
    const shown = await postJson(stack.commandUrl, `/api/kirova/photos/${photo.id}.webp`, {}, 'DELETE', staff.headers);
    expect(shown.status).toBe(409);
    expect(shown.body).toMatchObject({ code: 'hall_photo_shown' });
    expect((await hall([])).status).toBe(200);
    const gone = await postJson(stack.commandUrl, `/api/kirova/photos/${photo.id}.webp`, {}, 'DELETE', staff.headers);
    expect(gone.status).toBe(200);
    await expect(sharp(fileOf(photo.filename)).metadata()).rejects.toThrow();
    expect((await postJson(stack.commandUrl, `/api/kirova/photos/${photo.id}.webp`, {}, 'DELETE', staff.headers)).status).toBe(404);
    // Another studio's path is not this studio's photo.
    expect((await postJson(stack.commandUrl, '/api/masterskaya/photos', { photoPath: photo.filename }, 'DELETE', staff.headers)).status).toBe(404);
  });

  it('refuse a hall that adds a photo deleted meanwhile, appending nothing, and keep one it already lists', async () => {
    const res = await upload('kirova', 'photo', [{ name: 'b.png', bytes: fixture('hall-photo.png'), type: 'image/png' }]);
    const [kept, gone] = [res.body.photos[0]!, (await upload('kirova', 'photo', [{ name: 'c.png', bytes: fixture('hall-photo.png'), type: 'image/png' }])).body.photos[0]!];
    await ready([kept.id, gone.id]);
    const hall = (photos: string[]) => postJson(stack.commandUrl, '/api/kirova/hall', { hall_size: '80', features: [], rules: [], photos }, 'PUT', staff.headers);
    expect((await hall([kept.filename])).status).toBe(200);
    // Deleted from another tab while this editor still shows it.
    expect((await postJson(stack.commandUrl, `/api/kirova/photos/${gone.id}.webp`, {}, 'DELETE', staff.headers)).status).toBe(200);
    const before = (await committedEvents(stack.db.url)).length;
    const refused = await hall([kept.filename, ` ${gone.filename} `]);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ success: false, code: 'hall_photo_gone', field: 'photos' });
    expect(await committedEvents(stack.db.url)).toHaveLength(before);
    expect((await hall([kept.filename])).status).toBe(200);
  });

  it('refuse a hall that adds anything but our own uploads at their recorded paths, with a 400 on the photos, appending nothing', async () => {
    const res = await upload('kirova', 'photo', [{ name: 'd.png', bytes: fixture('hall-photo.png'), type: 'image/png' }]);
    const own = res.body.photos[0]!;
    await ready([own.id]);
    const hall = (photos: string[]) => postJson(stack.commandUrl, '/api/kirova/hall', { hall_size: '80', features: [], rules: [], photos }, 'PUT', staff.headers);
    const before = (await committedEvents(stack.db.url)).length;
    const foreign = [
      'https://tracker.example/pixel.jpg',
      '//tracker.example/pixel.jpg',
      'javascript:alert(1)',
      '/images/kirova/kirova-1.jpg',
      // Kirova's upload under another studio's path, and a well-formed path no upload recorded.
      `/media/halls/pochta/${own.id}.webp`,
      '/media/halls/kirova/00000000-0000-4000-8000-000000000000.webp',
      `/media/halls/kirova/../../../etc/${own.id}.webp`,
      `${own.filename}?x=1`,
    ];
    for (const photo of foreign) {
      const refused = await hall([own.filename, photo]);
      expect(refused.status, photo).toBe(400);
      expect(refused.body).toMatchObject({ success: false, code: 'hall_photo_foreign', field: 'photos' });
    }
    expect(await committedEvents(stack.db.url)).toHaveLength(before);
    expect((await hall([own.filename])).status).toBe(200);
  });

  it('edit the hall at the spec\'s own paths too: PUT /api/kirova/{id} is kirova\'s, PUT /api/masterskaya masterskaya\'s', async () => {
    const body = (size: string) => ({ hall_size: size, features: ['Окна в пол'], rules: [{ title: 'Без обуви' }] });
    expect((await postJson(stack.commandUrl, '/api/kirova/17', body('75'), 'PUT', staff.headers)).body).toMatchObject({ data: { hall_size: '75 м²' } });
    expect((await postJson(stack.commandUrl, '/api/masterskaya', body('120'), 'PUT', staff.headers)).body).toMatchObject({ data: { hall_size: '120 м²' } });
    const catalog = async (studio: Studio) => (await stack.store.readStream(catalogStream(studio))).filter((event) => event.type === 'HallUpdated').at(-1)?.data;
    expect(await catalog('kirova')).toMatchObject({ studio: 'kirova', hallSize: '75 м²' });
    expect(await catalog('masterskaya')).toMatchObject({ studio: 'masterskaya', hallSize: '120 м²', rules: [{ number: 1, title: 'Без обуви' }] });
  });
});

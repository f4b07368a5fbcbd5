// The sweep of unsaved hall photos against uploads made through command-api, processed by the
// workers and seen by the hall projection: it is driven directly with the "now" each case needs
// (the hourly job only calls it), so a day passes without waiting for one.
import { access } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hallPhotoStream, type Studio } from '@studio/domain';
import { createCommandHandler, type CommandHandler } from '@studio/platform';
import { committedEvents, eventually } from '@studio/platform/testing';
import { openStack, postJson, uploadHallPhotos, type Stack, type TestStaffMember } from '@studio/e2e/kit';
import { HALL_PHOTO_SWEEP_ACTOR, sweepUnsavedHallPhotos, UNSAVED_HALL_PHOTO_MAX_AGE_MS } from './unsaved-photos-sweep';

let stack: Stack;
let staff: TestStaffMember;
let commands: CommandHandler;
let png: Uint8Array<ArrayBuffer>;
beforeAll(async () => {
  stack = await openStack({ name: 'hall_sweep', commandApi: true, projections: true, workers: true });
  staff = await stack.staffLogin('super', 'Вера');
  commands = createCommandHandler(stack.store);
  png = new Uint8Array(await sharp({ create: { width: 8, height: 6, channels: 3, background: '#8a7f70' } }).png().toBuffer());
});
afterAll(() => stack?.stop());

interface Photo {
  id: string;
  filename: string;
}

/** One photo uploaded as the editor does, once the workers have made its web image. */
async function uploaded(studio: Studio): Promise<Photo> {
  const res = await uploadHallPhotos(stack.commandUrl, staff.headers, studio, 'photo', [{ name: 'зал.png', bytes: png, type: 'image/png' }]);
  expect(res.status).toBe(202);
  const photo = res.body.photos[0]!;
  await eventually(async () => (await statusOf(photo.id)) === 'ready', 20_000);
  return { id: photo.id, filename: photo.filename };
}

const statusOf = async (id: string) => (await stack.pool.query<{ status: string }>('SELECT status FROM hall_photos WHERE photo_id = $1', [id])).rows[0]?.status;
const uploadedAt = async (id: string) => (await stack.pool.query<{ uploaded_at: Date }>('SELECT uploaded_at FROM hall_photos WHERE photo_id = $1', [id])).rows[0]!.uploaded_at;
const saveHall = async (studio: Studio, photos: string[]) => {
  const res = await postJson(stack.commandUrl, `/api/${studio}/hall`, { hall_size: '80', features: [], rules: [], photos }, 'PUT', staff.headers);
  expect(res.status).toBe(200);
};
const exists = (file: string) => access(file).then(
  () => true,
  () => false,
);
const publicFile = (photo: Photo) => path.join(stack.media.publicRoot, photo.filename.replace(/^\/media\//, ''));
const incomingFile = (photo: Photo) => path.join(path.dirname(stack.media.publicRoot), 'incoming', photo.id);
const historyOf = async (photo: Photo) =>
  (await committedEvents(stack.db.url)).filter((event) => event.streamName === hallPhotoStream(photo.id)).map((event) => [event.type, event.metadata.actor]);
const sweepAt = (now: Date, through: CommandHandler = commands) => sweepUnsavedHallPhotos({ commands: through, pool: stack.pool, media: stack.media, clock: { now: () => now } });

describe('the sweep of unsaved hall photos', () => {
  it('deletes a photo uploaded over a day ago and never saved, with its files, once; leaves saved, young and deleted ones alone', async () => {
    const unsaved = await uploaded('kirova');
    const saved = await uploaded('kirova');
    const savedElsewhere = await uploaded('pochta');
    const deletedByStaff = await uploaded('kirova');
    const young = await uploaded('kirova');
    await saveHall('kirova', [saved.filename]);
    // Any studio's hall that lists a photo keeps it, whichever studio it was uploaded for.
    await saveHall('masterskaya', [savedElsewhere.filename]);
    expect((await postJson(stack.commandUrl, `/api/kirova/photos/${deletedByStaff.id}.webp`, {}, 'DELETE', staff.headers)).status).toBe(200);
    // The upload's bytes, as processing that stopped before dropping them would leave them.
    await stack.media.putIncoming(unsaved.id, png);
    await stack.caughtUp();

    // The moment the last upload turns a day old: every earlier one is older than that.
    const now = new Date((await uploadedAt(young.id)).getTime() + UNSAVED_HALL_PHOTO_MAX_AGE_MS);
    expect(await sweepAt(now)).toBe(1);

    expect(await historyOf(unsaved)).toEqual([
      ['HallPhotoUploaded', `staff:${staff.id}`],
      ['HallPhotoReady', 'system:hall-photo-processing'],
      ['HallPhotoDeleted', HALL_PHOTO_SWEEP_ACTOR],
    ]);
    expect(await exists(publicFile(unsaved))).toBe(false);
    expect(await exists(incomingFile(unsaved))).toBe(false);
    for (const kept of [saved, savedElsewhere, young]) {
      expect((await historyOf(kept)).map(([type]) => type)).toEqual(['HallPhotoUploaded', 'HallPhotoReady']);
      expect(await exists(publicFile(kept))).toBe(true);
    }
    expect((await historyOf(deletedByStaff)).filter(([type]) => type === 'HallPhotoDeleted')).toEqual([['HallPhotoDeleted', `staff:${staff.id}`]]);

    // Run again, before or after the projection has seen the deletion: nothing is deleted twice.
    const before = (await committedEvents(stack.db.url)).length;
    expect(await sweepAt(now)).toBe(0);
    await stack.caughtUp();
    expect(await sweepAt(now)).toBe(0);
    expect(await committedEvents(stack.db.url)).toHaveLength(before);
  });

  it('keeps the files of a photo saved into a hall between its last check and its deletion', async () => {
    const photo = await uploaded('masterskaya');
    await stack.caughtUp();
    // Staff press «Сохранить» with the photo just as the sweep records its deletion.
    const racing: CommandHandler = {
      read: (aggregate, stream) => commands.read(aggregate, stream),
      async handle(aggregate, command, context) {
        const deleting = command as { type?: string; data?: { photoId?: string } };
        if (deleting.type === 'DeleteHallPhoto' && deleting.data?.photoId === photo.id) await saveHall('masterskaya', [photo.filename]);
        return commands.handle(aggregate, command, context);
      },
    };
    await sweepAt(new Date((await uploadedAt(photo.id)).getTime() + UNSAVED_HALL_PHOTO_MAX_AGE_MS + 1), racing);

    // The two streams cannot be written together: the deletion is recorded, but the hall still shows the photo.
    expect((await historyOf(photo)).at(-1)).toEqual(['HallPhotoDeleted', HALL_PHOTO_SWEEP_ACTOR]);
    expect(await exists(publicFile(photo))).toBe(true);
  });
});

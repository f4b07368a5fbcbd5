// A hall photo deleted before the workers make its image, or while they make it, leaves no file
// behind: neither its uploaded bytes nor a web image nothing points at.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hallPhotoEventSchemas, hallPhotoStream } from '@studio/domain';
import { createCommandHandler, type MediaStore } from '@studio/platform';
import { openStack, postJson, uploadHallPhotos, type Stack, type TestStaffMember } from '@studio/e2e/kit';
import { hallPhotoProcessing } from './photo-processing';

let stack: Stack;
let staff: TestStaffMember;
// No workers: the test runs the processing itself, at the moment it chooses.
beforeAll(async () => {
  stack = await openStack({ name: 'photo_processing', commandApi: true, readModels: true });
  staff = await stack.staffLogin('super', 'Вера');
});
afterAll(() => stack?.stop());

const png = new Uint8Array(readFileSync(new URL('../../../e2e/fixtures/hall-photo.png', import.meta.url)));
const uploadOne = async () => {
  const res = await uploadHallPhotos(stack.commandUrl, staff.headers, 'pochta', 'photo', [{ name: 'a.png', bytes: png, type: 'image/png' }]);
  expect(res.status).toBe(202);
  return res.body.photos[0]!;
};
const remove = (id: string) => postJson(stack.commandUrl, `/api/pochta/photos/${id}.webp`, {}, 'DELETE', staff.headers);
const incomingOf = (id: string) => path.join(path.dirname(stack.media.publicRoot), 'incoming', id);
const publicOf = (mediaPath: string) => path.join(stack.media.publicRoot, mediaPath.replace(/^\/media\//, ''));

describe('hall photo processing', () => {
  it('given an upload not processed yet, when staff delete it, then its uploaded bytes go too', async () => {
    const photo = await uploadOne();
    expect(existsSync(incomingOf(photo.id))).toBe(true);
    expect((await remove(photo.id)).status).toBe(200);
    expect(existsSync(incomingOf(photo.id))).toBe(false);
  });

  it('given an upload deleted while its image is being made, when the image is written, then it is removed again', async () => {
    const photo = await uploadOne();
    const [uploaded] = await stack.store.readStream(hallPhotoStream(photo.id));
    const trigger = { ...uploaded!, type: 'HallPhotoUploaded' as const, data: hallPhotoEventSchemas.HallPhotoUploaded.parse(uploaded!.data) };
    // Staff delete it after the workers read its bytes and before they write its image.
    const media: MediaStore = {
      ...stack.media,
      async putPublic(mediaPath, bytes) {
        expect((await remove(photo.id)).status).toBe(200);
        await stack.media.putPublic(mediaPath, bytes);
      },
    };
    await hallPhotoProcessing(media).handle(trigger, { commands: createCommandHandler(stack.store), context: { actor: 'system:hall-photo-processing' } });

    expect(existsSync(publicOf(photo.filename))).toBe(false);
    expect((await stack.store.readStream(hallPhotoStream(photo.id))).map((event) => event.type)).toEqual(['HallPhotoUploaded', 'HallPhotoDeleted']);
  });
});

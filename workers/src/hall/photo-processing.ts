import { hallPhotoAggregate, hallPhotoEventSchemas, hallPhotoStream, type HallPhotoEvent } from '@studio/domain';
import { defineProcess, type MediaStore } from '@studio/platform';
import { webImageOf } from './web-image';

type Uploaded = Extract<HallPhotoEvent, { type: 'HallPhotoUploaded' }>;

/**
 * Makes each uploaded hall photo's web image, off the API's event loop (a phone's HEIC takes
 * a second or more of WASM decoding). A file that is not the image it claimed to be is recorded as
 * failed, once, and not retried; a storage fault throws, and the runtime hands the upload over again.
 * A repeat finds the photo no longer processing, or its incoming bytes gone, and does nothing; a
 * photo deleted while its image was made leaves no file behind.
 */
export const hallPhotoProcessing = (media: MediaStore) =>
  defineProcess<Uploaded>({
    name: 'hall-photo-processing',
    reactsTo: { HallPhotoUploaded: hallPhotoEventSchemas.HallPhotoUploaded },
    async handle(event, { commands, context }) {
      const { photoId, kind, path } = event.data;
      const { state } = await commands.read(hallPhotoAggregate, hallPhotoStream(photoId));
      if (state.status !== 'processing') return;
      const bytes = await media.readIncoming(photoId);
      let image;
      try {
        image = await webImageOf(bytes, kind);
      } catch (error) {
        const reason = error instanceof Error ? error.message.slice(0, 200) : 'не удалось прочитать';
        await commands.handle(hallPhotoAggregate, { type: 'RecordHallPhotoFailed', data: { photoId, reason: `Файл не читается как изображение (${reason})` } }, context);
        await media.dropIncoming(photoId);
        return;
      }
      await media.putPublic(path, image.webp);
      const ready = await commands.handle(hallPhotoAggregate, { type: 'RecordHallPhotoReady', data: { photoId, width: image.width, height: image.height, bytes: image.webp.length } }, context);
      // Deleted while its image was being made: the deletion found no file to remove, so this one
      // would be left on disk with nothing pointing at it.
      if (ready.state.status === 'deleted') await media.removePublic(path);
      await media.dropIncoming(photoId);
    },
  });

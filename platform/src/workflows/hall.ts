import { randomUUID } from 'node:crypto';
import { catalogAggregate, catalogStream, DomainError, hallPhotoAggregate, hallPhotoPath, hallPhotoStream, type CatalogCommand, type HallPhotoKind, type Studio } from '@studio/domain';
import type { CommandContext, CommandHandler } from '../commands/handle-command';
import type { MediaStore } from '../media/media-store';

type HallUpdate = Extract<CatalogCommand, { type: 'UpdateHall' }>['data'];

/** Where the workers put an uploaded hall photo's web image (hallPhotoPath), with the upload's id. */
const UPLOADED_PHOTO = /^\/media\/halls\/[a-z]+\/([0-9a-f-]{36})\.webp$/;

const foreignPhoto = (path: string) =>
  new DomainError('validation', 'hall_photo_foreign', `Фото «${path.slice(0, 100)}» не загружено в этот зал: добавьте фото через загрузку`, 'photos');

/**
 * A studio's hall saved from the back-office. It may go on listing what it lists, and may add only
 * our own uploads, by the path their upload recorded (any studio's: a photo may be shown in another
 * studio's hall; any other address is a 400 on the photos), each one
 * there to show: one deleted meanwhile (from another tab, or by the sweep of unsaved
 * uploads) or refused as no image would be a broken picture on the public page, and a deleted
 * one's file would be removed under it. Such a save is a 400 on the photos and writes nothing.
 */
export async function saveHall(commands: CommandHandler, hall: HallUpdate, context: CommandContext) {
  if (hall.photos) {
    const listed = new Set((await commands.read(catalogAggregate, catalogStream(hall.studio))).state.hall?.photos ?? []);
    for (const photo of hall.photos) {
      // Trimmed as the decider trims them, so padding cannot slip a gone one past.
      const path = photo.trim();
      if (path === '' || listed.has(path)) continue;
      // Only our own uploads, at the very path each recorded: any other address would put a picture
      // we do not serve (or a tracker) on the public page.
      const [, photoId] = UPLOADED_PHOTO.exec(path) ?? [];
      if (!photoId) throw foreignPhoto(path);
      const { photo: upload, status } = (await commands.read(hallPhotoAggregate, hallPhotoStream(photoId))).state;
      if (upload?.path !== path) throw foreignPhoto(path);
      if (status !== 'processing' && status !== 'ready') {
        throw new DomainError('validation', 'hall_photo_gone', 'Одного из фото больше нет (его удалили или оно не загрузилось): уберите его из зала и загрузите снова', 'photos');
      }
    }
  }
  return commands.handle(catalogAggregate, { type: 'UpdateHall', data: hall }, context);
}

/** An uploaded file, already known to be an image of `kind`. */
export interface HallPhotoUpload {
  bytes: Buffer;
  kind: HallPhotoKind;
  originalName: string;
}

/**
 * Hall photos uploaded for a studio: each file's bytes kept for the workers, which make its web
 * image, and its upload recorded. Each is answered with where its image will be served.
 */
export async function uploadHallPhotos(deps: { commands: CommandHandler; media: MediaStore }, studio: Studio, files: readonly HallPhotoUpload[], context: CommandContext) {
  const photos: { id: string; filename: string; status: 'processing' }[] = [];
  let position: string | null = null;
  for (const file of files) {
    const photoId = randomUUID();
    const path = hallPhotoPath(studio, photoId);
    await deps.media.putIncoming(photoId, file.bytes);
    const result = await deps.commands.handle(
      hallPhotoAggregate,
      { type: 'UploadHallPhoto', data: { photoId, studio, kind: file.kind, originalName: file.originalName, bytes: file.bytes.length, path } },
      context,
    );
    position = result.position;
    photos.push({ id: photoId, filename: path, status: 'processing' });
  }
  return { photos, position };
}

const photoNotFound = () => new DomainError('not_found', 'hall_photo_not_found', 'Фотография не найдена', 'photo');

/** The upload a photo is named by: its path as the hall lists it, or its bare file name as the spec's delete sends it. */
function photoIdOf(studio: Studio, named: string): string {
  const match = /^(?:\/media\/halls\/([a-z]+)\/)?([0-9a-f-]{36})\.webp$/.exec(named);
  if (!match || (match[1] !== undefined && match[1] !== studio)) throw photoNotFound();
  return match[2]!;
}

/** A studio's photo the hall does not show, deleted with its files: the web image, and the upload's bytes if the workers never made one. */
export async function deleteHallPhoto(deps: { commands: CommandHandler; media: MediaStore }, studio: Studio, named: string, context: CommandContext) {
  const { commands, media } = deps;
  const photoId = photoIdOf(studio, named);
  const path = hallPhotoPath(studio, photoId);
  const { state: catalog } = await commands.read(catalogAggregate, catalogStream(studio));
  if (catalog.hall?.photos.includes(path)) {
    throw new DomainError('conflict', 'hall_photo_shown', 'Фото показывается на странице зала: уберите его из зала и сохраните, затем удалите', 'photo');
  }
  const { state } = await commands.read(hallPhotoAggregate, hallPhotoStream(photoId));
  if (state.photo?.studio !== studio) throw photoNotFound();
  const result = await commands.handle(hallPhotoAggregate, { type: 'DeleteHallPhoto', data: { photoId } }, context);
  await media.removePublic(path);
  // An upload deleted before the workers made its image would keep its bytes for ever.
  await media.dropIncoming(photoId);
  return { path, position: result.position };
}

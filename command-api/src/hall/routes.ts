import { randomUUID } from 'node:crypto';
import { Router, type Request, type RequestHandler, type Response } from 'express';
import multer from 'multer';
import { z } from 'zod';
import {
  catalogAggregate,
  catalogStream,
  DomainError,
  HALL_PHOTO_MAX_BYTES,
  HALL_PHOTO_MAX_FILES,
  hallPhotoAggregate,
  hallPhotoPath,
  hallPhotoStream,
  type HallPhotoUploadAnswer,
  type Studio,
} from '@studio/domain';
import { imageKindOf, parseInput, studioSegment, type MediaStore } from '@studio/platform';
import type { CommandApiDeps } from '../http/app';
import { commandContext } from '../http/context';

const MAX_MB = HALL_PHOTO_MAX_BYTES / 1024 / 1024;
const NOT_AN_IMAGE = (name: string) => `Файл «${name}» — не изображение: подходят JPEG, PNG, HEIC и HEIF`;

/** Both spellings of the spec: `photo` (one per request, pochta and kirova) and `photos` (several, masterskaya). */
const upload = multer({ storage: multer.memoryStorage(), limits: { fileSize: HALL_PHOTO_MAX_BYTES, files: HALL_PHOTO_MAX_FILES, fields: 10 } }).fields([
  { name: 'photo', maxCount: 1 },
  { name: 'photos', maxCount: HALL_PHOTO_MAX_FILES },
]);

/** multer's refusals as the API's: a file too big is a 413 naming the limit, the rest a 400 on the field. */
function receive(req: Request, res: Response): Promise<Express.Multer.File[]> {
  return new Promise((resolve, reject) => {
    upload(req, res, (error: unknown) => {
      if (error instanceof multer.MulterError) {
        if (error.code === 'LIMIT_FILE_SIZE') return reject(new DomainError('too_large', 'photo_too_large', `Фото больше ${MAX_MB} МБ: уменьшите его и загрузите снова`, error.field ?? 'photo'));
        if (error.code === 'LIMIT_FILE_COUNT') return reject(new DomainError('validation', 'too_many_photos', `Не больше ${HALL_PHOTO_MAX_FILES} фото за раз`, error.field ?? 'photos'));
        return reject(new DomainError('validation', 'bad_upload', 'Отправьте фото в поле photo или photos', error.field ?? 'photo'));
      }
      if (error) return reject(error);
      const files = req.files as Record<string, Express.Multer.File[]> | undefined;
      resolve([...(files?.photo ?? []), ...(files?.photos ?? [])]);
    });
  });
}

const mediaOf = (deps: CommandApiDeps): MediaStore => {
  if (!deps.media) throw new DomainError('unavailable', 'media_unavailable', 'Хранилище фотографий не настроено', 'photo');
  return deps.media;
};

/** A photo's path as the hall lists it, or its bare file name as the spec's delete sends it. */
const photoPathSchema = z.string().trim().min(1, 'Укажите фото').max(300, 'не длиннее 300 символов');
const photoNotFound = () => new DomainError('not_found', 'hall_photo_not_found', 'Фотография не найдена', 'photo');
const photoIdOf = (studio: Studio, named: string): string => {
  const match = /^(?:\/media\/halls\/([a-z]+)\/)?([0-9a-f-]{36})\.webp$/.exec(named);
  if (!match || (match[1] !== undefined && match[1] !== studio)) throw photoNotFound();
  return match[2]!;
};

/**
 * Hall photos (admin-backoffice §7 «Hall»), super only. POST /api/{studio}/photos takes files by
 * content (JPEG, PNG, HEIC/HEIF, whatever the name says), keeps their bytes for the workers, which
 * make the web image, and answers at once with where each will be served (202: the image is on its
 * way). The hall lists a photo only when staff save it. DELETE /api/{studio}/photos/{filename}
 * (and masterskaya's DELETE /api/masterskaya/photos with `photoPath`) removes one the hall does not show.
 */
export function createHallRouter(deps: CommandApiDeps, guards: RequestHandler[]): Router {
  const remove = async (req: Request, res: Response, named: string) => {
    const studio = studioSegment(req);
    const photoId = photoIdOf(studio, named);
    const path = hallPhotoPath(studio, photoId);
    const { state: catalog } = await deps.commands.read(catalogAggregate, catalogStream(studio));
    if (catalog.hall?.photos.includes(path)) {
      throw new DomainError('conflict', 'hall_photo_shown', 'Фото показывается на странице зала: уберите его из зала и сохраните, затем удалите', 'photo');
    }
    const { state } = await deps.commands.read(hallPhotoAggregate, hallPhotoStream(photoId));
    if (state.photo?.studio !== studio) throw photoNotFound();
    const result = await deps.commands.handle(hallPhotoAggregate, { type: 'DeleteHallPhoto', data: { photoId } }, commandContext(res));
    await mediaOf(deps).removePublic(path);
    // An upload deleted before the workers made its image would keep its bytes for ever.
    await mediaOf(deps).dropIncoming(photoId);
    res.json({ success: true, filename: path, position: result.position });
  };

  return Router()
    .post('/:studio/photos', ...guards, async (req, res) => {
      const studio = studioSegment(req);
      const media = mediaOf(deps);
      const files = await receive(req, res);
      if (files.length === 0) throw new DomainError('validation', 'photo_missing', 'Выберите фото для загрузки', 'photo');
      // Every file is checked before any is kept: a refused request keeps nothing.
      const kinds = files.map((file) => {
        const kind = imageKindOf(file.buffer);
        if (!kind) throw new DomainError('validation', 'not_an_image', NOT_AN_IMAGE(file.originalname.slice(0, 100)), file.fieldname);
        return kind;
      });
      const context = commandContext(res);
      const photos: HallPhotoUploadAnswer['photos'] = [];
      let position: string | null = null;
      for (const [index, file] of files.entries()) {
        const photoId = randomUUID();
        const path = hallPhotoPath(studio, photoId);
        await media.putIncoming(photoId, file.buffer);
        const result = await deps.commands.handle(
          hallPhotoAggregate,
          { type: 'UploadHallPhoto', data: { photoId, studio, kind: kinds[index]!, originalName: file.originalname.slice(0, 255), bytes: file.size, path } },
          context,
        );
        position = result.position;
        photos.push({ id: photoId, filename: path, status: 'processing' });
      }
      const answer: HallPhotoUploadAnswer = { success: true, filename: photos[0]!.filename, photos, position };
      res.status(202).json(answer);
    })
    .delete('/:studio/photos/:filename', ...guards, (req, res) => remove(req, res, parseInput(photoPathSchema, req.params.filename, 'filename')))
    .delete('/:studio/photos', ...guards, (req, res) => remove(req, res, parseInput(z.object({ photoPath: photoPathSchema }), req.body ?? {}).photoPath));
}

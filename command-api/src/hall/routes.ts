import { Router, type Request, type RequestHandler, type Response } from 'express';
import multer from 'multer';
import { z } from 'zod';
import { DomainError, HALL_PHOTO_MAX_BYTES, HALL_PHOTO_MAX_FILES, hallPhotoDeleteAnswerSchema, hallPhotoUploadAnswerSchema } from '@studio/domain';
import { deleteHallPhoto, imageKindOf, parseInput, studioSegment, uploadHallPhotos, type HallPhotoUpload, type MediaStore } from '@studio/platform';
import type { CommandApiDeps } from '../http/app';
import { writeRoute } from '../http/write-route';

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

/**
 * Hall photos (docs/catalog.md#calls-and-who-may-make-them «Hall»), super only. POST /api/{studio}/photos takes files by
 * content (JPEG, PNG, HEIC/HEIF, whatever the name says), keeps their bytes for the workers, which
 * make the web image, and answers at once with where each will be served (202: the image is on its
 * way). The hall lists a photo only when staff save it. DELETE /api/{studio}/photos/{filename}
 * (and masterskaya's DELETE /api/masterskaya/photos with `photoPath`) removes one the hall does not show.
 */
export function hallRoutes(deps: CommandApiDeps, guards: RequestHandler[]): Router {
  const remove = (named: (req: Request) => string) =>
    writeRoute(deps, {
      answer: hallPhotoDeleteAnswerSchema,
      parse: (req) => {
        const photo = named(req);
        return { studio: studioSegment(req), photo };
      },
      run: ({ studio, photo }, { context }) => deleteHallPhoto({ commands: deps.commands, media: mediaOf(deps) }, studio, photo, context),
      present: ({ path }) => ({ filename: path }),
    });

  return Router()
    .post(
      '/:studio/photos',
      ...guards,
      writeRoute(deps, {
        answer: hallPhotoUploadAnswerSchema,
        status: 202,
        parse: async (req, res) => {
          const studio = studioSegment(req);
          mediaOf(deps); // a 503 before the files are read
          const files = await receive(req, res);
          if (files.length === 0) throw new DomainError('validation', 'photo_missing', 'Выберите фото для загрузки', 'photo');
          // Every file is checked before any is kept: a refused request keeps nothing.
          const uploads = files.map((file): HallPhotoUpload => {
            const kind = imageKindOf(file.buffer);
            if (!kind) throw new DomainError('validation', 'not_an_image', NOT_AN_IMAGE(file.originalname.slice(0, 100)), file.fieldname);
            return { bytes: file.buffer, kind, originalName: file.originalname.slice(0, 255) };
          });
          return { studio, uploads };
        },
        run: ({ studio, uploads }, { context }) => uploadHallPhotos({ commands: deps.commands, media: mediaOf(deps) }, studio, uploads, context),
        present: ({ photos }) => ({ filename: photos[0]!.filename, photos }),
      }),
    )
    .delete('/:studio/photos/:filename', ...guards, remove((req) => parseInput(photoPathSchema, req.params.filename, 'filename')))
    .delete('/:studio/photos', ...guards, remove((req) => parseInput(z.object({ photoPath: photoPathSchema }), req.body ?? {}).photoPath));
}

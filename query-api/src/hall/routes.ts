import { Router } from 'express';
import { z } from 'zod';
import { hallPhotoStatesAnswerSchema } from '@studio/domain';
import { parseInput } from '@studio/platform';
import type { QueryAppDeps } from '../app';
import { jsonRoute } from '../http/json-route';
import { staffOnly } from '../http/staff-only';

const idsQuery = z.object({
  ids: z
    .string()
    .max(40 * 20 + 19, 'не больше 20 фото')
    .transform((text) => text.split(',').filter(Boolean))
    .pipe(z.array(z.uuid('ожидались идентификаторы фото')).min(1, 'Укажите фото').max(20, 'не больше 20 фото')),
});

/** GET /api/admin/hall-photos?ids=…: how far the uploads the hall editor waits for are (super only). */
export function hallRoutes({ db, pool, waiter }: QueryAppDeps): Router {
  return Router().get(
    '/api/admin/hall-photos',
    staffOnly(pool, 'super'),
    jsonRoute(waiter, hallPhotoStatesAnswerSchema)({
      projection: 'hall',
      noStore: true,
      parse: (req) => parseInput(idsQuery, req.query).ids,
      answer: async (ids) => {
        const rows = await db.selectFrom('hall_photos').select(['photo_id', 'path', 'status', 'error']).where('photo_id', 'in', ids).execute();
        return { success: true, photos: rows.map((row) => ({ id: row.photo_id, filename: row.path, status: row.status, error: row.error })) };
      },
    }),
  );
}

import { hallPhotoEventSchemas, STREAM_PREFIXES, type HallPhotoEvent, type HallTables } from '@studio/domain';
import type { ProjectionDefinition } from '../runtime/definition';
import { applyFrom, eventSource } from '../runtime/event-sources';

/** Each uploaded hall photo's state: the editor polls it while the workers make the web image. */
export const hallProjection: ProjectionDefinition<HallTables> = {
  name: 'hall',
  version: 1,
  tables: {
    hall_photos: (table) => [
      `CREATE TABLE IF NOT EXISTS ${table} (
        photo_id text PRIMARY KEY,
        studio text NOT NULL,
        path text NOT NULL,
        status text NOT NULL,
        error text,
        uploaded_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`,
    ],
  },
  apply: applyFrom<HallTables>(
    eventSource({
      streams: STREAM_PREFIXES.hallPhoto,
      events: hallPhotoEventSchemas,
      apply: async (trx, event: HallPhotoEvent, recorded) => {
        const at = recorded.createdAt;
        if (event.type === 'HallPhotoUploaded') {
          const { photoId, studio, path } = event.data;
          await trx
            .insertInto('hall_photos')
            .values({ photo_id: photoId, studio, path, status: 'processing', error: null, uploaded_at: at, updated_at: at })
            .onConflict((oc) => oc.column('photo_id').doNothing())
            .execute();
          return;
        }
        const status = event.type === 'HallPhotoReady' ? 'ready' : event.type === 'HallPhotoFailed' ? 'failed' : 'deleted';
        const error = event.type === 'HallPhotoFailed' ? event.data.reason : null;
        await trx.updateTable('hall_photos').set({ status, error, updated_at: at }).where('photo_id', '=', event.data.photoId).execute();
      },
    }),
  ),
};

import type pg from 'pg';
import { catalogAggregate, catalogStream, hallPhotoAggregate, hallPhotoStream, isDomainError, STUDIOS, type Clock, type HallTables } from '@studio/domain';
import type { CommandHandler, MediaStore } from '@studio/platform';

/**
 * A hall photo is listed only once staff save the hall with it (the catalogue's hall.photos); one
 * uploaded and never saved (the editor closed, the browser gone) would keep its files and its
 * stream for ever. This sweep deletes such photos through the domain, as staff would, and removes
 * their files. A photo that a staff member still has open in an unsaved editor after a day is
 * lost with the rest: an editor left open that long is abandoned, and they upload it again.
 *
 * Candidates come from the hall projection's `hall_photos` (one row per upload, with its upload
 * time and status), which already exists for the editor's polling: a sweep reads that one small
 * table, not the event log, so its cost does not grow with the log. The table holds a row per
 * upload ever made, hundreds in a studio's lifetime, so an hourly scan without an index of its own
 * is cheap. The read model may lag: a photo it has not seen yet is young anyway, and each
 * candidate is checked again on its own stream before anything is deleted.
 */
export const HALL_PHOTO_SWEEP_SCHEDULER_ID = 'sweep-unsaved-hall-photos';
export const HALL_PHOTO_SWEEP_EVERY_MS = 60 * 60_000;
/** How long an unsaved upload is kept: an editing session, with a wide margin. */
export const UNSAVED_HALL_PHOTO_MAX_AGE_MS = 24 * 60 * 60_000;
export const HALL_PHOTO_SWEEP_ACTOR = 'system:hall-photo-sweep';

export interface UnsavedPhotosSweepDeps {
  commands: CommandHandler;
  /** The read-model database (hall_photos). */
  pool: pg.Pool;
  clock: Clock;
  media: MediaStore;
}

type PhotoRow = Pick<HallTables['hall_photos'], 'photo_id' | 'path'>;

/** The photos every studio's saved hall lists, as the store has them now (not a read model that may lag). */
async function listedInHalls(commands: CommandHandler): Promise<Set<string>> {
  const halls = await Promise.all(STUDIOS.map((studio) => commands.read(catalogAggregate, catalogStream(studio))));
  return new Set(halls.flatMap(({ state }) => state.hall?.photos ?? []));
}

/** Photos uploaded before `cutoff`, not deleted, whose paths no saved hall lists, as the read model has them. */
async function findUnsavedPhotos(pool: pg.Pool, cutoff: Date, listed: ReadonlySet<string>): Promise<PhotoRow[]> {
  const { rows } = await pool.query<PhotoRow>(
    `SELECT photo_id, path FROM hall_photos
      WHERE status <> 'deleted' AND uploaded_at < $1 AND NOT (path = ANY($2))
      ORDER BY uploaded_at`,
    [cutoff.toISOString(), [...listed]],
  );
  return rows;
}

/**
 * Deletes every unsaved hall photo uploaded longer than UNSAVED_HALL_PHOTO_MAX_AGE_MS ago, with its
 * web image and any original the upload left; returns how many it deleted.
 *
 * A hall saved with the photo while the sweep works must keep showing it. The catalogue and the
 * photo are separate streams, so no single append can check one and write the other; the sweep
 * reads the halls right before recording the deletion and again right after, and removes the
 * files only when neither read lists the photo. A save committed before the deletion is therefore
 * always seen, and its files stay (the photo's stream then says deleted while the hall shows it:
 * the files outlive the hall's use of it, a leak of one file that the warning below names). A save
 * committed after the deletion comes from an editor open for over a day, the loss accepted above.
 */
export async function sweepUnsavedHallPhotos(deps: UnsavedPhotosSweepDeps, sweepJobId?: string): Promise<number> {
  const { commands, media } = deps;
  const cutoff = new Date(deps.clock.now().getTime() - UNSAVED_HALL_PHOTO_MAX_AGE_MS);
  const context = { causationId: `job:${HALL_PHOTO_SWEEP_SCHEDULER_ID}:${sweepJobId ?? 'manual'}`, actor: HALL_PHOTO_SWEEP_ACTOR };
  let deleted = 0;
  for (const { photo_id: photoId } of await findUnsavedPhotos(deps.pool, cutoff, await listedInHalls(commands))) {
    try {
      const { state } = await commands.read(hallPhotoAggregate, hallPhotoStream(photoId));
      // Deleted by staff since the read model last looked: nothing left to do.
      if (!state.photo || state.status === 'deleted') continue;
      const { path } = state.photo;
      if ((await listedInHalls(commands)).has(path)) continue;
      await commands.handle(hallPhotoAggregate, { type: 'DeleteHallPhoto', data: { photoId } }, context);
      deleted += 1;
      if ((await listedInHalls(commands)).has(path)) {
        console.warn(`[workers] hall photo ${photoId} was saved into a hall as the sweep deleted it; its files are kept`);
        continue;
      }
      await media.removePublic(path);
      // A photo still processing (or whose processing stopped short) keeps its uploaded bytes.
      await media.dropIncoming(photoId);
    } catch (error) {
      // Deleted by staff between the read and the command: the same outcome.
      if (isDomainError(error)) continue;
      // One photo whose files cannot be removed must not keep the others; the next sweep retries it
      // only if its deletion was not recorded, so say which one it was.
      console.error(`[workers] sweep could not delete unsaved hall photo ${photoId}`, error);
    }
  }
  if (deleted > 0) console.log(`[workers] sweep deleted ${deleted} hall photo(s) uploaded over a day ago and never saved into a hall`);
  return deleted;
}

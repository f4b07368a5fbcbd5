import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HallTables } from '@studio/domain';
import { createKysely } from '@studio/platform';
import { openStack, type Stack } from '@studio/e2e/kit';
import { projectionSpec, type StreamEvent } from '../test-support';
import { hallProjection } from './projection';

let stack: Stack;
let spec: ReturnType<typeof projectionSpec<HallTables>>;
beforeAll(async () => {
  stack = await openStack({ name: 'proj_hall' });
  spec = projectionSpec(hallProjection, createKysely(stack.pool));
});
afterAll(() => stack?.stop());

const UPLOADED_AT = '2030-01-01T10:00:00.000Z';
const LATER = '2030-01-01T10:00:07.000Z';
const uploaded = (photoId: string): StreamEvent => ({
  stream: `hall-photo-${photoId}`,
  type: 'HallPhotoUploaded',
  data: { photoId, studio: 'kirova', kind: 'jpeg', originalName: 'зал.jpg', bytes: 1000, path: `uploads/${photoId}.jpg` },
  at: UPLOADED_AT,
});
const then = (photoId: string, type: string, data: Record<string, unknown> = {}): StreamEvent => ({ stream: `hall-photo-${photoId}`, type, data: { photoId, ...data }, at: LATER });
const rows = (events: StreamEvent[]) => spec.givenStreams(events).then((trx) => trx.selectFrom('hall_photos').selectAll().orderBy('photo_id').execute());

describe('hall projection', () => {
  it('shows an upload as processing until the workers say ready or failed, each stamped when it happened', async () => {
    const { rows: seen } = await rows([
      uploaded('p1'),
      uploaded('p2'),
      uploaded('p3'),
      then('p2', 'HallPhotoReady', { width: 1600, height: 1200, bytes: 300 }),
      then('p3', 'HallPhotoFailed', { reason: 'не изображение' }),
    ]);
    const row = (photo_id: string, status: string, error: string | null, updated: string) => ({
      photo_id,
      studio: 'kirova',
      path: `uploads/${photo_id}.jpg`,
      status,
      error,
      uploaded_at: new Date(UPLOADED_AT),
      updated_at: new Date(updated),
    });
    expect(seen).toEqual([row('p1', 'processing', null, UPLOADED_AT), row('p2', 'ready', null, LATER), row('p3', 'failed', 'не изображение', LATER)]);
  });

  it('keeps a deleted photo as deleted, so the editor polling it learns it is gone', async () => {
    const { rows: seen } = await rows([uploaded('p1'), then('p1', 'HallPhotoReady', { width: 10, height: 10, bytes: 10 }), then('p1', 'HallPhotoDeleted')]);
    expect(seen).toMatchObject([{ photo_id: 'p1', status: 'deleted', error: null, updated_at: new Date(LATER) }]);
  });
});

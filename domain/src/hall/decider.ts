import { defineAggregate } from '../aggregate';
import { hallPhotoStream } from '../contracts/streams';
import { DomainError } from '../errors';
import { hallPhotoEventSchemas, type HallPhotoEvent } from './events';

/** The largest file staff may upload: a phone's full-size HEIC or JPEG fits well inside. */
export const HALL_PHOTO_MAX_BYTES = 25 * 1024 * 1024;
/** The most files one upload request may carry. */
export const HALL_PHOTO_MAX_FILES = 20;

/** Where a hall photo's web image is served (the gateway's /media), known from its upload on. */
export const hallPhotoPath = (studio: string, photoId: string) => `/media/halls/${studio}/${photoId}.webp`;

export type HallPhotoCommand =
  | { type: 'UploadHallPhoto'; data: Extract<HallPhotoEvent, { type: 'HallPhotoUploaded' }>['data'] }
  | { type: 'RecordHallPhotoReady'; data: Extract<HallPhotoEvent, { type: 'HallPhotoReady' }>['data'] }
  | { type: 'RecordHallPhotoFailed'; data: Extract<HallPhotoEvent, { type: 'HallPhotoFailed' }>['data'] }
  | { type: 'DeleteHallPhoto'; data: { photoId: string } };

export type HallPhotoStatus = 'processing' | 'ready' | 'failed' | 'deleted';

export interface HallPhotoState {
  photo: Extract<HallPhotoEvent, { type: 'HallPhotoUploaded' }>['data'] | null;
  status: HallPhotoStatus | null;
}

const notFound = () => new DomainError('not_found', 'hall_photo_not_found', 'Фотография не найдена', 'photo');

/**
 * A photo's life: uploaded once, then ready or failed once (a repeat of the workers' outcome
 * changes nothing, so the process may run twice), deleted once; a deleted photo takes no outcome.
 */
export function decideHallPhoto(command: HallPhotoCommand, state: HallPhotoState): HallPhotoEvent[] {
  switch (command.type) {
    case 'UploadHallPhoto':
      if (state.photo) return [];
      return [{ type: 'HallPhotoUploaded', data: command.data }];
    case 'RecordHallPhotoReady':
      if (!state.photo) throw notFound();
      return state.status === 'processing' ? [{ type: 'HallPhotoReady', data: command.data }] : [];
    case 'RecordHallPhotoFailed':
      if (!state.photo) throw notFound();
      return state.status === 'processing' ? [{ type: 'HallPhotoFailed', data: command.data }] : [];
    case 'DeleteHallPhoto':
      if (!state.photo || state.status === 'deleted') throw notFound();
      return [{ type: 'HallPhotoDeleted', data: command.data }];
  }
}

const STATUS_AFTER: Record<HallPhotoEvent['type'], HallPhotoStatus> = {
  HallPhotoUploaded: 'processing',
  HallPhotoReady: 'ready',
  HallPhotoFailed: 'failed',
  HallPhotoDeleted: 'deleted',
};

export function evolveHallPhoto(state: HallPhotoState, event: HallPhotoEvent): HallPhotoState {
  return { photo: event.type === 'HallPhotoUploaded' ? event.data : state.photo, status: STATUS_AFTER[event.type] };
}

export const hallPhotoAggregate = defineAggregate({
  name: 'hall-photo',
  initialState: (): HallPhotoState => ({ photo: null, status: null }),
  decide: decideHallPhoto,
  evolve: evolveHallPhoto,
  events: hallPhotoEventSchemas,
  streamOf: (command: HallPhotoCommand) => hallPhotoStream(command.data.photoId),
});

import { describe, it } from 'vitest';
import { spec } from '../testing/decider-spec';
import { hallPhotoAggregate, hallPhotoPath, type HallPhotoCommand } from './decider';
import type { HallPhotoEvent } from './events';

const photo = spec(hallPhotoAggregate.decider);
const photoId = '7c0b7f8e-0a4e-4c3b-9d2f-5b1e6a7c8d90';
const uploadData = { photoId, studio: 'kirova' as const, kind: 'heic' as const, originalName: 'IMG_0001.HEIC', bytes: 2_400_000, path: hallPhotoPath('kirova', photoId) };
const uploaded: HallPhotoEvent = { type: 'HallPhotoUploaded', data: uploadData };
const upload: HallPhotoCommand = { type: 'UploadHallPhoto', data: uploadData };
const readyData = { photoId, width: 1920, height: 1280, bytes: 310_000 };
const ready: HallPhotoEvent = { type: 'HallPhotoReady', data: readyData };
const failed: HallPhotoEvent = { type: 'HallPhotoFailed', data: { photoId, reason: 'не читается как HEIC' } };
const remove: HallPhotoCommand = { type: 'DeleteHallPhoto', data: { photoId } };

describe('a hall photo', () => {
  it('is uploaded once: a resent upload of the same id changes nothing', () => {
    photo.given([]).when(upload).then([uploaded]);
    photo.given([uploaded]).when(upload).then([]);
  });

  it('gets one outcome from the workers, and a repeat of it (or a late other one) changes nothing', () => {
    photo.given([uploaded]).when({ type: 'RecordHallPhotoReady', data: readyData }).then([ready]);
    photo.given([uploaded, ready]).when({ type: 'RecordHallPhotoReady', data: readyData }).then([]);
    photo.given([uploaded, ready]).when({ type: 'RecordHallPhotoFailed', data: failed.data }).then([]);
    photo.given([uploaded]).when({ type: 'RecordHallPhotoFailed', data: failed.data }).then([failed]);
  });

  it('is deleted once; an unknown photo is neither deleted nor given an outcome, nor is a deleted one', () => {
    photo.given([uploaded, ready]).when(remove).then([{ type: 'HallPhotoDeleted', data: { photoId } }]);
    photo.given([uploaded, ready, { type: 'HallPhotoDeleted', data: { photoId } }]).when(remove).thenThrows('hall_photo_not_found', 'not_found');
    photo.given([]).when(remove).thenThrows('hall_photo_not_found', 'not_found');
    photo.given([]).when({ type: 'RecordHallPhotoReady', data: readyData }).thenThrows('hall_photo_not_found');
    photo.given([uploaded, { type: 'HallPhotoDeleted', data: { photoId } }]).when({ type: 'RecordHallPhotoReady', data: readyData }).then([]);
  });
});

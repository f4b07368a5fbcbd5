import { hallPhotoDeleteAnswerSchema, hallPhotoStatesAnswerSchema, hallPhotoUploadAnswerSchema, hallResponseSchema, hallWriteAnswerSchema, type Hall, type HallPhotoUploadAnswer, type HallPhotoView, type Studio } from '@studio/domain';
import { callApi, reasonOr, reword } from '../../api/client';
import { uploadForm } from '../../api/upload';
import { readStaffList } from '../staff-list';
import { sendStaffCommand } from '../staff-calls';

/** The hall tab's texts (docs/catalog.md#messages «Hall»: masterskaya says «Hall data saved»; every studio does here). */
export const HALL_MESSAGES = {
  loadFailed: 'Ошибка загрузки данных зала',
  saved: 'Данные зала сохранены',
  saveFailed: 'Не удалось сохранить данные зала',
  uploadFailed: 'Не удалось загрузить фото',
  refusedFiles: (names: string) => `Пропущены файлы, которые не являются фото JPEG, PNG, HEIC или HEIF: ${names}`,
  deleteFailed: 'Не удалось удалить файл фото',
} as const;

/** GET /api/{studio}: the hall as the public page shows it. */
export const fetchHallForEdit = async (studio: Studio, signal: AbortSignal): Promise<Hall> => (await readStaffList(`/api/${studio}`, hallResponseSchema, signal)).data;

/** PUT /api/{studio}/hall: the whole hall as the draft has it. */
export const saveHall = (studio: Studio, body: object) => sendStaffCommand('PUT', `/api/${studio}/hall`, body, hallWriteAnswerSchema, HALL_MESSAGES.saveFailed);

/** DELETE /api/{studio}/photos/{filename}: an uploaded photo's file, once the saved hall no longer shows it. */
export const deletePhoto = (studio: Studio, path: string) =>
  sendStaffCommand('DELETE', `/api/${studio}/photos/${encodeURIComponent(path.split('/').at(-1) ?? '')}`, null, hallPhotoDeleteAnswerSchema, HALL_MESSAGES.deleteFailed);

/** An upload's failure: the server's reason (a 413 names the limit), else the tab's. */
const uploadFailed = reword((error) => reasonOr(error, HALL_MESSAGES.uploadFailed));

/** GET /api/admin/hall-photos?ids=…: how far the workers are with these uploads. */
export const fetchPhotoStates = async (ids: readonly string[]): Promise<HallPhotoView[]> =>
  (await callApi('GET', `/api/admin/hall-photos?ids=${ids.map(encodeURIComponent).join(',')}`, hallPhotoStatesAnswerSchema).catch(uploadFailed)).photos;

/** POST /api/{studio}/photos with the files under `field`, reporting the share of bytes sent. */
export function uploadPhotos(studio: Studio, field: 'photo' | 'photos', files: readonly File[], onProgress: (sent: number) => void): Promise<HallPhotoUploadAnswer> {
  const form = new FormData();
  for (const file of files) form.append(field, file, file.name);
  return uploadForm(`/api/${studio}/photos`, form, hallPhotoUploadAnswerSchema, onProgress).catch(uploadFailed);
}

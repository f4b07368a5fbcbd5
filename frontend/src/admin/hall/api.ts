import { hallPhotoDeleteAnswerSchema, hallPhotoStatesAnswerSchema, hallPhotoUploadAnswerSchema, hallResponseSchema, type Hall, type HallPhotoUploadAnswer, type HallPhotoView, type Studio } from '@studio/domain';
import { API_BASE, refusalText, requestJson } from '../../api/http';
import { readStaffList } from '../staff-list';
import { AdminCallError, sendStaffCommand } from '../staff-calls';
import { z } from 'zod';

/** The hall tab's texts (admin-backoffice §8 «Hall»: masterskaya says «Hall data saved»; every studio does here). */
export const HALL_MESSAGES = {
  loadFailed: 'Ошибка загрузки данных зала',
  saved: 'Данные зала сохранены',
  saveFailed: 'Не удалось сохранить данные зала',
  uploadFailed: 'Не удалось загрузить фото',
  refusedFiles: (names: string) => `Пропущены файлы, которые не являются фото JPEG, PNG, HEIC или HEIF: ${names}`,
  deleteFailed: 'Не удалось удалить файл фото',
} as const;

const savedAnswerSchema = z.object({ success: z.literal(true), data: z.object({ hall_size: z.string(), features: z.array(z.string()), photos: z.array(z.string()) }).passthrough(), position: z.string().nullable() });

/** GET /api/{studio}: the hall as the public page shows it; after a save of ours, no older than it. */
export const fetchHallForEdit = async (studio: Studio, position: string | null, signal: AbortSignal): Promise<Hall> =>
  (await readStaffList(`/api/${studio}`, hallResponseSchema, position, signal)).data;

/** PUT /api/{studio}/hall: the whole hall as the draft has it. */
export const saveHall = (studio: Studio, body: object) => sendStaffCommand('PUT', `/api/${studio}/hall`, body, savedAnswerSchema, HALL_MESSAGES.saveFailed);

/** DELETE /api/{studio}/photos/{filename}: an uploaded photo's file, once the saved hall no longer shows it. */
export const deletePhoto = (studio: Studio, path: string) =>
  sendStaffCommand('DELETE', `/api/${studio}/photos/${encodeURIComponent(path.split('/').at(-1) ?? '')}`, null, hallPhotoDeleteAnswerSchema, HALL_MESSAGES.deleteFailed);

/** GET /api/admin/hall-photos?ids=…: how far the workers are with these uploads. */
export async function fetchPhotoStates(ids: readonly string[]): Promise<HallPhotoView[]> {
  const answer = await requestJson('GET', `/api/admin/hall-photos?ids=${ids.map(encodeURIComponent).join(',')}`);
  const parsed = hallPhotoStatesAnswerSchema.safeParse(answer.body);
  if (!answer.ok || !parsed.success) throw new AdminCallError(refusalText(answer.body, HALL_MESSAGES.uploadFailed), answer.status);
  return parsed.data.photos;
}

/** Long enough for a phone's full-size photos over a slow uplink. */
const UPLOAD_TIMEOUT_MS = 5 * 60_000;

/**
 * POST /api/{studio}/photos with the files under `field`, reporting the share of bytes sent: fetch
 * cannot tell upload progress, XMLHttpRequest can. Resolves with the upload's answer (202), rejects
 * with the server's reason (a 413 names the limit) or a network failure.
 */
export function uploadPhotos(studio: Studio, field: 'photo' | 'photos', files: readonly File[], onProgress: (sent: number) => void): Promise<HallPhotoUploadAnswer> {
  const form = new FormData();
  for (const file of files) form.append(field, file, file.name);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${API_BASE}/api/${studio}/photos`);
    request.timeout = UPLOAD_TIMEOUT_MS;
    request.setRequestHeader('Accept', 'application/json');
    request.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    request.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        // An HTML error page from a proxy: the fallback text below says enough.
      }
      const parsed = hallPhotoUploadAnswerSchema.safeParse(body);
      if (request.status === 202 && parsed.success) resolve(parsed.data);
      else reject(new AdminCallError(refusalText(body, HALL_MESSAGES.uploadFailed), request.status));
    };
    request.onerror = request.ontimeout = () => reject(new AdminCallError(HALL_MESSAGES.uploadFailed, 0));
    request.send(form);
  });
}

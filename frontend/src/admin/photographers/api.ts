import { photographerDeleteAnswerSchema, photographersResponseSchema, photographerWriteAnswerSchema, type Photographer } from '@studio/domain';
import { requestJson } from '../../api/http';
import { AdminCallError } from '../calendar/api';
import { sendStaffCommand } from '../calendar/commands';

/** admin-backoffice §5 «Photographer» and §8 «Photographers». */
export const PHOTOGRAPHER_MESSAGES = {
  required: 'Заполните все поля',
  badPrice: 'Цена — число не меньше 0',
  loadFailed: 'Не удалось загрузить фотографов',
  empty: 'Фотографов пока нет. Добавьте первого.',
  createFailed: 'Ошибка при создании фотографа',
  updateFailed: 'Ошибка при обновлении фотографа',
  deleteFailed: 'Ошибка при удалении фотографа',
} as const;

export const photographersKey = ['admin-photographers'] as const;

/** GET /api/photographers; after a write of ours, no older than its `position`. */
export async function fetchPhotographers(position: string | null, signal?: AbortSignal): Promise<Photographer[]> {
  const answer = await requestJson('GET', '/api/photographers', { signal, headers: position ? { 'X-Read-Position': position } : {} }).catch(() => {
    throw new AdminCallError(PHOTOGRAPHER_MESSAGES.loadFailed, 0);
  });
  const parsed = photographersResponseSchema.safeParse(answer.body);
  if (!answer.ok || !parsed.success) throw new AdminCallError(PHOTOGRAPHER_MESSAGES.loadFailed, answer.status);
  return parsed.data.data;
}

export interface PhotographerFields {
  name: string;
  price: number;
}

export const addPhotographer = (fields: PhotographerFields) => sendStaffCommand('POST', '/api/photographers', fields, photographerWriteAnswerSchema, PHOTOGRAPHER_MESSAGES.createFailed);

export const updatePhotographer = (id: string, fields: PhotographerFields) =>
  sendStaffCommand('PUT', `/api/photographers/${encodeURIComponent(id)}`, fields, photographerWriteAnswerSchema, PHOTOGRAPHER_MESSAGES.updateFailed);

export const removePhotographer = (id: string) => sendStaffCommand('DELETE', `/api/photographers/${encodeURIComponent(id)}`, null, photographerDeleteAnswerSchema, PHOTOGRAPHER_MESSAGES.deleteFailed);

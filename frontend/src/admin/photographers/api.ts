import { photographerDeleteAnswerSchema, photographersResponseSchema, photographerWriteAnswerSchema, type Photographer } from '@studio/domain';
import { readStaffList } from '../staff-list';
import { sendStaffCommand } from '../staff-calls';

/** docs/catalog.md#rules «Photographer» and docs/catalog.md#messages «Photographers». */
export const PHOTOGRAPHER_MESSAGES = {
  required: 'Заполните все поля',
  badPrice: 'Цена — число не меньше 0',
  loadFailed: 'Ошибка загрузки фотографов',
  empty: 'Фотографов пока нет. Добавьте первого.',
  createFailed: 'Ошибка при создании фотографа',
  updateFailed: 'Ошибка при обновлении фотографа',
  deleteFailed: 'Ошибка при удалении фотографа',
} as const;

export const photographersKey = ['admin-photographers'] as const;

/** GET /api/photographers. */
export const fetchPhotographers = async (signal: AbortSignal): Promise<Photographer[]> => (await readStaffList('/api/photographers', photographersResponseSchema, signal)).data;

export interface PhotographerFields {
  name: string;
  price: number;
}

export const addPhotographer = (fields: PhotographerFields) => sendStaffCommand('POST', '/api/photographers', fields, photographerWriteAnswerSchema, PHOTOGRAPHER_MESSAGES.createFailed);

export const updatePhotographer = (id: string, fields: PhotographerFields) =>
  sendStaffCommand('PUT', `/api/photographers/${encodeURIComponent(id)}`, fields, photographerWriteAnswerSchema, PHOTOGRAPHER_MESSAGES.updateFailed);

export const removePhotographer = (id: string) => sendStaffCommand('DELETE', `/api/photographers/${encodeURIComponent(id)}`, null, photographerDeleteAnswerSchema, PHOTOGRAPHER_MESSAGES.deleteFailed);

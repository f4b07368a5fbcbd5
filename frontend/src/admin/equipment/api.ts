import { sharedEquipmentAnswerSchema, sharedEquipmentListAnswerSchema, type SharedEquipmentItem, type SharedEquipmentRow } from '@studio/domain';
import { readStaffList, sendListWrite } from '../staff-list';

/** docs/photographers.md#screens «Оборудование». */
export const EQUIPMENT_MESSAGES = {
  loadFailed: 'Ошибка загрузки оборудования',
  servicesFailed: 'Не удалось загрузить услуги студий',
  saveFailed: (message: string) => `Ошибка при сохранении оборудования: ${message}`,
  created: 'Оборудование добавлено',
  updated: 'Оборудование сохранено',
} as const;

/** GET /api/admin/equipment (super): every shared item. */
export const fetchEquipment = async (signal?: AbortSignal): Promise<SharedEquipmentRow[]> => (await readStaffList('/api/admin/equipment', sharedEquipmentListAnswerSchema, signal)).data;

/** PUT /api/equipment/{id} (super): sets the item, a new one under a new id. */
export const saveEquipment = (id: string, item: SharedEquipmentItem) => sendListWrite('PUT', `/api/equipment/${encodeURIComponent(id)}`, item, sharedEquipmentAnswerSchema);

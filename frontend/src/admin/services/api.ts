import {
  serviceDeleteAnswerSchema,
  servicesResponseSchema,
  serviceWriteAnswerSchema,
  type Service,
  type ServiceRequest,
  type Studio,
} from '@studio/domain';
import { studioPath } from '../calendar/api';
import { readStaffList, sendListWrite } from '../staff-list';

/** docs/catalog.md#messages «Services». */
export const SERVICES_MESSAGES = {
  loadFailed: 'Ошибка загрузки услуг',
  createFailed: (message: string) => `Ошибка при создании услуги: ${message}`,
  updateFailed: (message: string) => `Ошибка при обновлении услуги: ${message}`,
  deleteFailed: (message: string) => `Ошибка при удалении услуги: ${message}`,
  created: 'Услуга успешно создана',
  updated: 'Услуга успешно обновлена',
  deleted: 'Услуга успешно удалена',
} as const;

const servicePath = (studio: Studio, id: string) => studioPath(studio, `services/${encodeURIComponent(id)}`);

/** GET /services (studio-prefixed), the same list the booking page offers. */
export const fetchServices = async (studio: Studio, signal?: AbortSignal): Promise<Service[]> =>
  (await readStaffList(studioPath(studio, 'services'), servicesResponseSchema, signal)).data;

/** POST /services: the service as stored. */
export const createService = (studio: Studio, body: ServiceRequest) => sendListWrite('POST', studioPath(studio, 'services'), body, serviceWriteAnswerSchema);

/** PUT /services/{id}: every field replaced. */
export const updateService = (studio: Studio, id: string, body: ServiceRequest) => sendListWrite('PUT', servicePath(studio, id), body, serviceWriteAnswerSchema);

/** DELETE /services/{id}: no longer offered; bookings that have it keep its name and price. */
export const deleteService = (studio: Studio, id: string) => sendListWrite('DELETE', servicePath(studio, id), null, serviceDeleteAnswerSchema);

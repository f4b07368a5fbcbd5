import { adminClientDetailAnswerSchema, adminClientsAnswerSchema, type AdminClientDetailAnswer, type AdminClientsAnswer } from '@studio/domain';
import { callApi, reasonOr, reword } from '../../api/client';
import { clientsQuery, type ClientFilters } from './client-filters';

/** docs/clients.md#what-it-does and docs/clients.md#messages «Clients». */
export const CLIENT_MESSAGES = {
  listFailed: 'Ошибка загрузки клиентов',
  detailFailed: 'Ошибка загрузки деталей',
  detailUnreadable: 'Ошибка загрузки информации о клиенте',
  empty: 'Клиенты не найдены',
} as const;

export type ClientsPage = AdminClientsAnswer['data'];
export type ClientDetail = AdminClientDetailAnswer['data'];

/** GET /api/admin/clients: one page of the search and the filters; the server's reason when it refused. */
export const fetchClients = async (page: number, search: string, filters: ClientFilters, signal?: AbortSignal): Promise<ClientsPage> =>
  (
    await callApi('GET', `/api/admin/clients?${clientsQuery(page, search, filters)}`, adminClientsAnswerSchema, { signal }).catch(
      reword((error) => reasonOr(error, CLIENT_MESSAGES.listFailed)),
    )
  ).data;

/**
 * GET /api/admin/clients/{id}: «Ошибка загрузки деталей: …» with the server's reason for a refusal,
 * «Ошибка загрузки информации о клиенте» when no readable answer came.
 */
export const fetchClient = async (id: string, signal?: AbortSignal): Promise<ClientDetail> =>
  (
    await callApi('GET', `/api/admin/clients/${encodeURIComponent(id)}`, adminClientDetailAnswerSchema, { signal }).catch(
      reword((error) =>
        error.status >= 300 ? `${CLIENT_MESSAGES.detailFailed}: ${reasonOr(error, `HTTP ${error.status}`)}` : CLIENT_MESSAGES.detailUnreadable,
      ),
    )
  ).data;

import { adminClientDetailAnswerSchema, adminClientsAnswerSchema, type AdminClientDetailAnswer, type AdminClientsAnswer } from '@studio/domain';
import { refusalText, requestJson } from '../../api/http';
import { AdminCallError } from '../staff-calls';
import { clientsQuery, type ClientFilters } from './client-filters';

/** admin-backoffice §2 and §8 «Clients». */
export const CLIENT_MESSAGES = {
  listFailed: 'Ошибка загрузки клиентов',
  detailFailed: 'Ошибка загрузки деталей',
  detailUnreadable: 'Ошибка загрузки информации о клиенте',
  empty: 'Клиенты не найдены',
} as const;

export type ClientsPage = AdminClientsAnswer['data'];
export type ClientDetail = AdminClientDetailAnswer['data'];

/** GET /api/admin/clients: one page of the search and the filters; the server's reason when it refused. */
export async function fetchClients(page: number, search: string, filters: ClientFilters, signal?: AbortSignal): Promise<ClientsPage> {
  const answer = await requestJson('GET', `/api/admin/clients?${clientsQuery(page, search, filters)}`, { signal }).catch(() => {
    throw new AdminCallError(CLIENT_MESSAGES.listFailed, 0);
  });
  if (!answer.ok) throw new AdminCallError(refusalText(answer.body, CLIENT_MESSAGES.listFailed), answer.status);
  const parsed = adminClientsAnswerSchema.safeParse(answer.body);
  if (!parsed.success) throw new AdminCallError(CLIENT_MESSAGES.listFailed, answer.status);
  return parsed.data.data;
}

/**
 * GET /api/admin/clients/{id}: «Ошибка загрузки деталей: …» with the server's reason for a refusal,
 * «Ошибка загрузки информации о клиенте» when no readable answer came.
 */
export async function fetchClient(id: string, signal?: AbortSignal): Promise<ClientDetail> {
  const answer = await requestJson('GET', `/api/admin/clients/${encodeURIComponent(id)}`, { signal }).catch(() => {
    throw new AdminCallError(CLIENT_MESSAGES.detailUnreadable, 0);
  });
  if (!answer.ok) throw new AdminCallError(`${CLIENT_MESSAGES.detailFailed}: ${refusalText(answer.body, `HTTP ${answer.status}`)}`, answer.status);
  const parsed = adminClientDetailAnswerSchema.safeParse(answer.body);
  if (!parsed.success) throw new AdminCallError(CLIENT_MESSAGES.detailUnreadable, answer.status);
  return parsed.data.data;
}

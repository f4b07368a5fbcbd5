import { changePolicyAnswerSchema, changePolicyWriteAnswerSchema, type ChangePolicyRequest, type ChangePolicyView, type Studio } from '@studio/domain';
import { callApi, reasonOr, reword } from '../../api/client';
import { sendStaffCommand } from '../staff-calls';

/** The policy editor's words (docs/change-policy.md). */
export const POLICY_MESSAGES = {
  loadFailed: (message: string) => `Ошибка загрузки правил: ${message}`,
  saveFailed: 'Правила не сохранены',
  saved: (version: number) => `Сохранено: действует версия ${version}. Уже сделанные брони остаются на своих правилах`,
} as const;

export const policyKey = (studio: Studio) => ['admin-change-policy', studio] as const;

/** GET /api/admin/policies?studio= */
export const fetchPolicy = async (studio: Studio, signal?: AbortSignal): Promise<ChangePolicyView> =>
  (
    await callApi('GET', `/api/admin/policies?${new URLSearchParams({ studio })}`, changePolicyAnswerSchema, { signal }).catch(
      reword((error) => POLICY_MESSAGES.loadFailed(reasonOr(error, `HTTP ${error.status}`))),
    )
  ).policy;

/** PUT /api/admin/policies: the next version. */
export const savePolicy = (body: ChangePolicyRequest) => sendStaffCommand('PUT', '/api/admin/policies', body, changePolicyWriteAnswerSchema, POLICY_MESSAGES.saveFailed);

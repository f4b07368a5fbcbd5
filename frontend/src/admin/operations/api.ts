import { operationsAnswerSchema, rebuildAnswerSchema, type OperationsAnswer, type RebuildAnswer } from '@studio/domain';
import { readStaffList, sendListWrite } from '../staff-list';

export const OPERATIONS_MESSAGES = {
  loadFailed: 'Ошибка загрузки состояния проекций',
  rebuildFailed: 'Не удалось начать перестройку',
  empty: 'Проекций пока нет: база ещё не подготовлена.',
} as const;

export const operationsKey = ['admin-operations'] as const;

/** GET /api/admin/operations/projections. */
export const fetchOperations = async (signal: AbortSignal): Promise<OperationsAnswer['data']> =>
  (await readStaffList('/api/admin/operations/projections', operationsAnswerSchema, signal)).data;

/** POST /api/admin/operations/projections/{name}/rebuild: queued; the status shows how it goes. */
export const startRebuild = (name: string): Promise<RebuildAnswer> =>
  sendListWrite('POST', `/api/admin/operations/projections/${encodeURIComponent(name)}/rebuild`, {}, rebuildAnswerSchema);

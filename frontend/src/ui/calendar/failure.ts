import { ApiError } from '../../api/client';

export interface FailureNotice {
  /** «Ошибка загрузки календаря: …» */
  message: string;
  detail?: string;
}

const OFFLINE_DETAIL = 'Сервер недоступен. Работаем в офлайн-режиме.';
const TIMEOUT_DETAIL = 'Превышено время ожидания. Работаем в офлайн-режиме.';

/**
 * What the visitor is told about failed week loads. No answer at all (offline, refused, aborted)
 * falls back to all-free weeks, as the spec asks, under the calendar's «unconfirmed» notice; an answer that is not a calendar (5xx from
 * the gateway, success:false) is named, with the offline-mode note, so the visitor can retry.
 * `cutOff` is the 15 s loading limit having passed before the first weeks answered, still without their data.
 */
export function describeFailure(errors: readonly unknown[], cutOff: boolean): FailureNotice | null {
  const server = errors.find((e): e is ApiError => e instanceof ApiError && !e.unanswered);
  if (server) return { message: `Ошибка загрузки календаря: ${server.message}`, detail: OFFLINE_DETAIL };
  const unexpected = errors.find((e) => !(e instanceof ApiError));
  if (unexpected) return { message: 'Ошибка загрузки календаря: Неизвестная ошибка', detail: OFFLINE_DETAIL };
  if (cutOff) return { message: `Ошибка загрузки календаря: ${TIMEOUT_DETAIL}` };
  return null;
}

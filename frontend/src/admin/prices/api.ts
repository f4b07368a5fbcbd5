import { pricesListAnswerSchema, pricesWriteAnswerSchema, type PriceRow, type PricesRequest, type Studio } from '@studio/domain';
import { studioPath } from '../calendar/api';
import { readStaffList, sendListWrite } from '../staff-list';

/** docs/catalog.md#messages «Prices». */
export const PRICES_MESSAGES = {
  loadFailed: 'Ошибка загрузки цен',
  saveFailed: (message: string) => `Ошибка при сохранении цен: ${message}`,
  created: 'Цены успешно созданы',
  updated: 'Цены успешно обновлены',
} as const;

/** GET /prices (studio-prefixed, staff only): every price list, the current one first. */
export const fetchPrices = async (studio: Studio, signal?: AbortSignal): Promise<PriceRow[]> =>
  (await readStaffList(studioPath(studio, 'prices'), pricesListAnswerSchema, signal)).data;

/** POST /prices, or PUT /prices/{id} for `id`: either becomes the price new bookings are charged. */
export const savePrices = (studio: Studio, id: string | null, body: PricesRequest) =>
  id === null
    ? sendListWrite('POST', studioPath(studio, 'prices'), body, pricesWriteAnswerSchema)
    : sendListWrite('PUT', studioPath(studio, `prices/${encodeURIComponent(id)}`), body, pricesWriteAnswerSchema);

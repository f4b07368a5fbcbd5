import type { StaffAdmin } from '@studio/domain';

export type AdminTabId = 'calendar' | 'services' | 'prices' | 'clients' | 'promocodes' | 'discounts' | 'photographers' | 'hall' | 'admins' | 'statistics' | 'operations';

export interface AdminTab {
  id: AdminTabId;
  label: string;
}

/** admin-backoffice §2, in the spec's order. */
export const ADMIN_TABS: readonly AdminTab[] = [
  { id: 'calendar', label: 'Календарь' },
  { id: 'services', label: 'Услуги' },
  { id: 'prices', label: 'Цены' },
  { id: 'clients', label: 'Клиенты' },
  { id: 'promocodes', label: 'Промокоды' },
  { id: 'discounts', label: 'Скидки' },
  { id: 'photographers', label: 'Фотографы' },
  { id: 'hall', label: 'Зал' },
  { id: 'admins', label: 'Администраторы' },
  { id: 'statistics', label: 'Статистика' },
  // Not in the spec: the operators' console of issue 11.
  { id: 'operations', label: 'Операции' },
];

/**
 * The tabs a role sees (admin-backoffice §6): an administrator the calendar only, a super
 * administrator everything. The server refuses the rest to an administrator whatever the page shows.
 */
export const tabsFor = (rules: StaffAdmin['rules']): readonly AdminTab[] => (rules === 'super' ? ADMIN_TABS : ADMIN_TABS.filter((tab) => tab.id === 'calendar'));

/** The chosen tab while it is available, else the first that is (admin-backoffice §4 Session). */
export const availableTab = (chosen: AdminTabId, tabs: readonly AdminTab[]): AdminTabId => (tabs.some((tab) => tab.id === chosen) ? chosen : tabs[0]!.id);

import type { StaffAdmin } from '@studio/domain';

export type AdminTabId = 'calendar' | 'services' | 'prices' | 'clients' | 'promocodes' | 'discounts' | 'photographers' | 'hall' | 'admins' | 'statistics' | 'finance' | 'operations';

export interface AdminTab {
  id: AdminTabId;
  label: string;
}

/** docs/staff.md#what-it-does, in the spec's order, then issue 11's finance journal and operators' console. */
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
  { id: 'finance', label: 'Финансы' },
  { id: 'operations', label: 'Операции' },
];

/** The one tab of each role below super: an administrator works the calendar, finance the finance journal. */
const OWN_TAB: Record<Exclude<StaffAdmin['rules'], 'super'>, AdminTabId> = { admin: 'calendar', finance: 'finance' };

/**
 * The tabs a role sees (docs/staff.md#calls-and-who-may-make-them): a super administrator everything, the others their
 * own tab only. The server refuses the rest whatever the page shows.
 */
export const tabsFor = (rules: StaffAdmin['rules']): readonly AdminTab[] => (rules === 'super' ? ADMIN_TABS : ADMIN_TABS.filter((tab) => tab.id === OWN_TAB[rules]));

/** The chosen tab while it is available, else the first that is (docs/staff.md#rules Session). */
export const availableTab = (chosen: AdminTabId, tabs: readonly AdminTab[]): AdminTabId => (tabs.some((tab) => tab.id === chosen) ? chosen : tabs[0]!.id);

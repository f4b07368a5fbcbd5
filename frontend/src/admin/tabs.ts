import type { StaffAdmin } from '@studio/domain';

export type AdminTabId = 'calendar' | 'services' | 'prices' | 'clients' | 'promocodes' | 'discounts' | 'policies' | 'photographers' | 'equipment' | 'hall' | 'admins' | 'statistics' | 'finance' | 'operations' | 'notifications' | 'waitlist';

export interface AdminTab {
  id: AdminTabId;
  label: string;
}

/** docs/staff.md#what-it-does, in the spec's order, then issue 11's finance journal and operators' console, and the notifications and waitlist of issues 24 and 25; issue 22's shared equipment beside the photographers. */
export const ADMIN_TABS: readonly AdminTab[] = [
  { id: 'calendar', label: 'Календарь' },
  { id: 'services', label: 'Услуги' },
  { id: 'prices', label: 'Цены' },
  { id: 'clients', label: 'Клиенты' },
  { id: 'promocodes', label: 'Промокоды' },
  { id: 'discounts', label: 'Скидки' },
  { id: 'policies', label: 'Отмена и перенос' },
  { id: 'photographers', label: 'Фотографы' },
  { id: 'equipment', label: 'Оборудование' },
  { id: 'hall', label: 'Зал' },
  { id: 'admins', label: 'Администраторы' },
  { id: 'statistics', label: 'Статистика' },
  { id: 'finance', label: 'Финансы' },
  { id: 'operations', label: 'Операции' },
  { id: 'notifications', label: 'Уведомления' },
  { id: 'waitlist', label: 'Лист ожидания' },
];

/** The tabs of each role below super: an administrator works the calendar and the day's waitlist, finance the finance journal. */
const OWN_TABS: Record<Exclude<StaffAdmin['rules'], 'super'>, readonly AdminTabId[]> = { admin: ['calendar', 'waitlist'], finance: ['finance'] };

/**
 * The tabs a role sees (docs/staff.md#calls-and-who-may-make-them): a super administrator everything, the others their
 * own tabs only. The server refuses the rest whatever the page shows.
 */
export const tabsFor = (rules: StaffAdmin['rules']): readonly AdminTab[] => (rules === 'super' ? ADMIN_TABS : ADMIN_TABS.filter((tab) => OWN_TABS[rules].includes(tab.id)));

/** The chosen tab while it is available, else the first that is (docs/staff.md#rules Session). */
export const availableTab = (chosen: AdminTabId, tabs: readonly AdminTab[]): AdminTabId => (tabs.some((tab) => tab.id === chosen) ? chosen : tabs[0]!.id);

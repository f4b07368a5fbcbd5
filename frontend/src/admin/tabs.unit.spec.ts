import { describe, expect, it } from 'vitest';
import { ADMIN_TABS, availableTab, tabsFor } from './tabs';

describe('back-office tabs', () => {
  it('are the spec\'s ten, the finance journal, the operators\' console, the change policy, the notifications, the waitlist and the shared equipment, with Russian names, all of them for a super administrator', () => {
    expect(tabsFor('super').map((tab) => tab.label)).toEqual(['Календарь', 'Услуги', 'Цены', 'Клиенты', 'Промокоды', 'Скидки', 'Отмена и перенос', 'Фотографы', 'Оборудование', 'Зал', 'Администраторы', 'Статистика', 'Финансы', 'Операции', 'Уведомления', 'Лист ожидания']);
    expect(tabsFor('super')).toBe(ADMIN_TABS);
  });

  it('are the calendar and the day\'s waitlist for an administrator: no administrators tab', () => {
    expect(tabsFor('admin').map((tab) => tab.id)).toEqual(['calendar', 'waitlist']);
  });

  it('are the finance journal only for finance, which lands on it whatever was chosen', () => {
    expect(tabsFor('finance').map((tab) => tab.id)).toEqual(['finance']);
    expect(availableTab('calendar', tabsFor('finance'))).toBe('finance');
  });

  it('keep the chosen tab while it is there, and fall back to the first one when it is not', () => {
    expect(availableTab('admins', tabsFor('super'))).toBe('admins');
    expect(availableTab('admins', tabsFor('admin'))).toBe('calendar');
  });
});

import type { StaffAdmin, Studio } from '@studio/domain';
import { lazy, type ComponentType } from 'react';
import { AdminsScreen } from './admins/AdminsScreen';
import { AdminCalendar } from './calendar/AdminCalendar';
import { DiscountsScreen } from './discounts/DiscountsScreen';
import { EquipmentScreen } from './equipment/EquipmentScreen';
import { FinanceScreen } from './finance/FinanceScreen';
import { HallScreen } from './hall/HallScreen';
import { ClientsScreen } from './clients/ClientsScreen';
import { NotificationsScreen } from './notifications/NotificationsScreen';
import { OperationsScreen } from './operations/OperationsScreen';
import { PhotographersScreen } from './photographers/PhotographersScreen';
import { ChangePolicyScreen } from './change-policy/ChangePolicyScreen';
import { PricesScreen } from './prices/PricesScreen';
import { ServicesScreen } from './services/ServicesScreen';
import { PromoScreen } from './promo/PromoScreen';
import type { AdminTabId } from './tabs';
import { WaitlistScreen } from './waitlist/WaitlistScreen';

export interface TabScreenProps {
  studio: Studio;
  admin: StaffAdmin;
}

/**
 * The screen of each built tab (a tab without one shows «Раздел скоро появится»); one line a tab.
 * A lazy one is its own chunk, loaded when the tab opens (the panel waits for it in Suspense).
 */
export const TAB_SCREENS: Partial<Record<AdminTabId, ComponentType<TabScreenProps>>> = {
  calendar: ({ studio, admin }) => <AdminCalendar studio={studio} adminName={admin.name} />,
  services: ({ studio }) => <ServicesScreen key={studio} studio={studio} />,
  prices: ({ studio }) => <PricesScreen key={studio} studio={studio} />,
  clients: ClientsScreen,
  promocodes: PromoScreen,
  discounts: ({ studio }) => <DiscountsScreen key={studio} studio={studio} />,
  policies: ({ studio }) => <ChangePolicyScreen key={studio} studio={studio} />,
  photographers: PhotographersScreen,
  equipment: EquipmentScreen,
  hall: ({ studio }) => <HallScreen key={studio} studio={studio} />,
  admins: ({ admin }) => <AdminsScreen admin={admin} />,
  statistics: lazy(() => import('./statistics/StatisticsScreen')),
  finance: FinanceScreen,
  operations: OperationsScreen,
  notifications: NotificationsScreen,
  waitlist: ({ studio }) => <WaitlistScreen studio={studio} />,
};

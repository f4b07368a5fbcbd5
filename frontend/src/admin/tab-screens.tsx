import type { StaffAdmin, Studio } from '@studio/domain';
import type { ComponentType } from 'react';
import { AdminCalendar } from './calendar/AdminCalendar';
import { ClientsScreen } from './clients/ClientsScreen';
import { PhotographersScreen } from './photographers/PhotographersScreen';
import type { AdminTabId } from './tabs';

export interface TabScreenProps {
  studio: Studio;
  admin: StaffAdmin;
}

/** The screen of each built tab (a tab without one shows «Раздел скоро появится»); one line a tab. */
export const TAB_SCREENS: Partial<Record<AdminTabId, ComponentType<TabScreenProps>>> = {
  calendar: ({ studio, admin }) => <AdminCalendar studio={studio} adminName={admin.name} />,
  photographers: PhotographersScreen,
  clients: ClientsScreen,
};

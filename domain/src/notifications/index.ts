export * from './reminders';
export * from './booking-alerts';
export * from './studio-notifications';
export * from './alert-text';

export * from './events';
export * from './decider';
export * from './reminders';
export * from './booking-alerts';
export * from './alert-text';

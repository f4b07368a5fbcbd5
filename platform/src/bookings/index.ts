export * from './staff-booking';

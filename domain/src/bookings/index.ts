export * from './events';
export * from './decider';
export * from './checkout';
export * from './cancellation';
export * from './booking-dates';

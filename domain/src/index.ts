export * from './studios';
export * from './primitives';
export * from './studio-day/events';
export * from './catalog/events';
export * from './decider';
export * from './errors';

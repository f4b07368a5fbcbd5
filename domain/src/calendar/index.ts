export * from './events';
export * from './decider';
export * from './ownership';

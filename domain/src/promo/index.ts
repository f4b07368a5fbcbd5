export * from './events';
export * from './decider';
export * from './standing';
export * from './terms';

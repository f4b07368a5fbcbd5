export * from './terms';
export * from './events';
export * from './decider';
export * from './quote';

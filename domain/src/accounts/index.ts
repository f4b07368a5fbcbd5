export * from './events';
export * from './decider';
export * from './phone-claim';
export * from './phone-verification';
export * from './client-search';
export * from './phone-text';

export * from './events';
export * from './decider';
export * from './messages';
export * from './entry-id';

export * from './events';
export * from './commands';
export * from './state';
export * from './decide';
export * from './decider';
export * from './messages';
export * from './entry-id';

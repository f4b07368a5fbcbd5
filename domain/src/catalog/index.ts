export * from './commands';
export * from './formats';
export * from './hall';
export * from './messages';
export * from './state';
export * from './validation';
export * from './decide';
export * from './decider';

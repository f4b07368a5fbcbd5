export * from './commands';
export * from './hall';
export * from './state';
export * from './validation';
export * from './decide';
export * from './decider';

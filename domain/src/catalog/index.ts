export * from './events';
export * from './decider';
export * from './default-rules';
export * from './formats';
export * from './hall';
export * from './messages';
export * from './validation';

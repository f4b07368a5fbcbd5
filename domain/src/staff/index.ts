export * from './events';
export * from './decider';
export * from './login-claim';
export * from './super-roster';

export * from './eventstore/types';
export * from './db';
export * from './config';
export * from './commands/handle-command';
export * from './eventstore';

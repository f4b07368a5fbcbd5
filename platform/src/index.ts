export * from './eventstore/types';
export * from './db';
export * from './config';
export * from './commands/handle-command';
export * from './eventstore';
export * from './seed';
export * from './gateway';

export * from './db';
export * from './config';
export * from './commands/handle-command';
export * from './eventstore';
export * from './seed';
export * from './gateway';
export * from './process/run-service';

export * from './db';
export * from './config';
export * from './commands/handle-command';
export * from './eventstore';
export * from './seed';
export * from './gateway';
export * from './process/run-service';
export { oldestOpenTransaction } from './eventstore/postgres/stalls';
export type { OpenTransaction, StallWarningOptions } from './eventstore/postgres/stalls';

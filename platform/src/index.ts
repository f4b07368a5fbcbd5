export * from './eventstore/types';
export * from './db';
export * from './config';

export * from './database';
export * from './committed-events';

export * from './database';
export * from './committed-events';
export * from './eventually';
export * from './slow-clients';

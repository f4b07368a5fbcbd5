export * from './database';
export * from './committed-events';
export * from './eventually';
export * from './test-clock';
export * from './slow-clients';

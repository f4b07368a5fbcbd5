export * from './streams';
export * from './positions';
export * from './queues';
export * from './projections';
export * from './browser-events';
export * from './notices';
export * from './http';
export * from './site-routes';
export type * from './read-models';

export * from './events';
export * from './resource-time';

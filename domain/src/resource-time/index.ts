export * from './events';
export * from './resource-time';
export * from './shared-equipment';

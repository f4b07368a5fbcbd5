export * from './stack';
export * from './given';
export * from './http';
export * from './raw-http';
export * from './cells';
export * from './intents';
export * from './customers';
export * from './staff';

export * from './session-store';
export * from './sessions';

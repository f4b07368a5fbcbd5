export * from './deliveries';
export * from './sandbox-outbox';
export * from './messaging-from-config';

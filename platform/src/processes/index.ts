export * from './process-manager';

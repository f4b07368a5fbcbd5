export * from './access';
export * from './bootstrap';

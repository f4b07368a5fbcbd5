export * from './projection-operations';

export * from './photographers';

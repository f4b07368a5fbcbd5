export * from './errors';
export * from './parse';
export * from './visitor';

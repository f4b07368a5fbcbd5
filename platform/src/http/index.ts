export * from './errors';
export * from './parse';
export * from './visitor';
export * from './client-address';
export * from './site-origin';

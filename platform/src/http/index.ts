export * from './errors';
export * from './parse';
export * from './visitor';
export * from './client-address';
export * from './site-origin';
export * from './rate-limit';
export * from './timeout';
export * from './promo-check-rate-limit';

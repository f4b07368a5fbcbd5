export * from './errors';
export * from './calendar';
export * from './catalog';
export * from './holds';
export * from './health';
export * from './payments';
export * from './promo';
export * from './command-reads';

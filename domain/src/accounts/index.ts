export * from './customer';
export * from './phone-claim';
export * from './client-search';
export * from './phone-text';
export * from './phone-verification';

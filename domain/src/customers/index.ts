export * from './customer';
export * from './phone-claim';

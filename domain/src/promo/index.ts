export * from './promo';

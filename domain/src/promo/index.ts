export * from './promo';
export * from './standing';
export * from './terms';

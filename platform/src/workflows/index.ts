export * from './release-cells';
export * from './hold';
export * from './hall';
export * from './projection-rebuild';
export * from './promo';
export * from './accounts';

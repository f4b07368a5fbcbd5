export * from './release-cells';
export * from './hold';

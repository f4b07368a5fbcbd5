export * from './release-cells';

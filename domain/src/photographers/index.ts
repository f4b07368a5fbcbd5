export * from './photographers';
export * from './schedule';

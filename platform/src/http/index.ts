export * from './errors';
export * from './parse';
export * from './staff-access';
export * from './visitor';

export * from './tomsk';
export * from './grid';

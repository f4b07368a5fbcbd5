export * from './hall-photo';

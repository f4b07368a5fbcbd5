export * from './e164';

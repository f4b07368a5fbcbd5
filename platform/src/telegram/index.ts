export * from './telegram-sender';

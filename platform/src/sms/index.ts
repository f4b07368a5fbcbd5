export * from './sms-sender';
export * from './sms-ru';

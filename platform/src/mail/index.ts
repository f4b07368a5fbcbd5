export * from './mail-sender';
export * from './smtp-mail';

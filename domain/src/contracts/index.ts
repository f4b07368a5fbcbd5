export * from './site-routes';

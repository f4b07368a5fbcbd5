export * from './captcha';
export * from './yandex-smart-captcha';
export * from './captcha-from-config';

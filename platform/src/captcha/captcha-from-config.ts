import type { Config } from '../config';
import { sandboxCaptcha, type Captcha } from './captcha';
import { createYandexCaptcha } from './yandex-smart-captcha';

export type CaptchaConfig = Pick<Config, 'NODE_ENV' | 'CAPTCHA_PROVIDER' | 'YANDEX_CAPTCHA_SECRET'>;

/** CAPTCHA_PROVIDER, or unset: Yandex in production, the sandbox anywhere else. */
export const captchaProviderOf = (config: Pick<Config, 'NODE_ENV' | 'CAPTCHA_PROVIDER'>) => config.CAPTCHA_PROVIDER ?? (config.NODE_ENV === 'production' ? 'yandex' : 'sandbox');

export function captchaFromConfig(config: CaptchaConfig): Captcha {
  if (captchaProviderOf(config) === 'sandbox') return sandboxCaptcha;
  if (!config.YANDEX_CAPTCHA_SECRET) throw new Error('CAPTCHA_PROVIDER=yandex needs YANDEX_CAPTCHA_SECRET');
  return createYandexCaptcha({ secret: config.YANDEX_CAPTCHA_SECRET });
}

/** HSTS for a year; sent only over https, where a browser heeds it. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000';

/** Yandex Maps JS API 2.1 (frontend/src/hall/load-yandex-maps.ts), per its documentation for sites with a CSP. */
const YANDEX_MAPS = {
  script: ['https://api-maps.yandex.ru', 'https://suggest-maps.yandex.ru', 'https://*.maps.yandex.net', 'https://yandex.ru', 'https://yastatic.net'],
  connect: ['https://api-maps.yandex.ru', 'https://suggest-maps.yandex.ru', 'https://*.maps.yandex.net', 'https://yandex.ru', 'https://*.taxi.yandex.net'],
  img: ['https://*.maps.yandex.net', 'https://api-maps.yandex.ru', 'https://yandex.ru'],
  frame: ['https://api-maps.yandex.ru'],
};
/** Yandex SmartCaptcha (frontend/src/accounts/YandexCaptcha.tsx): its script, its checks, its challenge frame. */
const SMART_CAPTCHA = 'https://smartcaptcha.cloud.yandex.ru';

/**
 * The Content-Security-Policy of the site's pages: exactly what the site loads. Its own bundles,
 * fonts, images (data: for the ones the build inlines), API and socket ('self'); the maps and the
 * captcha above, only on a build with their keys. Styles may be inline: the maps API injects its
 * own. No page may frame the site, and nothing but its own pages may be a form's target.
 */
export const SITE_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  `script-src 'self' ${[...YANDEX_MAPS.script, SMART_CAPTCHA].join(' ')}`,
  "style-src 'self' 'unsafe-inline' blob:",
  `img-src 'self' data: blob: ${YANDEX_MAPS.img.join(' ')}`,
  "font-src 'self' data:",
  `connect-src 'self' ${[...YANDEX_MAPS.connect, SMART_CAPTCHA].join(' ')}`,
  `frame-src ${[...YANDEX_MAPS.frame, SMART_CAPTCHA].join(' ')}`,
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

import { z } from 'zod';
import type { Captcha } from './captcha';

export const YANDEX_CAPTCHA_VALIDATE_URL = 'https://smartcaptcha.yandexcloud.net/validate';

export interface YandexCaptchaOptions {
  /** The captcha's server key (YANDEX_CAPTCHA_SECRET). */
  secret: string;
  url?: string;
  fetch?: typeof fetch;
  /** Longest a check may take before it counts as an outage. */
  timeoutMs?: number;
  warn?: (message: string) => void;
}

const verdictSchema = z.object({ status: z.enum(['ok', 'failed']), message: z.string().optional() });

/**
 * Yandex SmartCaptcha's server validation: POST secret, token and the visitor's ip; it answers
 * `{status: "ok" | "failed", message}`. A `failed` verdict is always a refusal.
 *
 * Fail-open on an outage, on purpose: when Yandex gives no verdict (network error, timeout, a
 * non-2xx answer, a body that is no verdict) the check passes with a warning, as Yandex's own
 * integration guide does. Login and registration stay rate-limited per IP (and login per phone)
 * whatever the captcha says, so an outage lets no flood through, while failing closed would lock
 * every customer out of their account for as long as a third party is down.
 */
export function createYandexCaptcha(options: YandexCaptchaOptions): Captcha {
  const { secret, url = YANDEX_CAPTCHA_VALIDATE_URL, timeoutMs = 3000 } = options;
  const send = options.fetch ?? fetch;
  const warn = options.warn ?? ((message: string) => console.warn(message));
  const noVerdict = (why: string) => {
    warn(`[captcha] Yandex SmartCaptcha gave no verdict (${why}); the check passes while it is unavailable`);
    return true;
  };
  return {
    async verify(token, ip) {
      if (!token) return false;
      let answer: Response;
      try {
        answer = await send(url, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ secret, token, ip }).toString(),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        return noVerdict(error instanceof Error ? error.message : String(error));
      }
      if (!answer.ok) return noVerdict(`HTTP ${answer.status}`);
      const verdict = verdictSchema.safeParse(await answer.json().catch(() => undefined));
      if (!verdict.success) return noVerdict('an answer without a status');
      return verdict.data.status === 'ok';
    },
  };
}

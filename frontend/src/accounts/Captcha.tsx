import { SANDBOX_CAPTCHA_TOKEN } from '@studio/domain';
import { lazy, Suspense } from 'react';

/** Only a build with a site key talks to Yandex; the widget's code then loads with the form, not before. */
const SITE_KEY: string | undefined = import.meta.env.VITE_YANDEX_CAPTCHA_SITE_KEY || undefined;
const YandexCaptcha = lazy(() => import('./YandexCaptcha'));

export interface CaptchaProps {
  /** A token to send with the form, or '' when there is none (unchecked, expired). */
  onToken: (token: string) => void;
  invalid: boolean;
}

/** The human check of the login and registration forms. Remount it (a new `key`) to reset it. */
export function Captcha(props: CaptchaProps) {
  if (!SITE_KEY) return <SandboxCaptcha {...props} />;
  return (
    <Suspense fallback={<p className="captcha__loading">Загрузка проверки…</p>}>
      <YandexCaptcha siteKey={SITE_KEY} onToken={props.onToken} />
    </Suspense>
  );
}

/** Development and tests: a checkbox whose token only the sandbox captcha on the server accepts. */
function SandboxCaptcha({ onToken, invalid }: CaptchaProps) {
  return (
    <label className="check captcha-sandbox">
      <input type="checkbox" aria-invalid={invalid} onChange={(event) => onToken(event.target.checked ? SANDBOX_CAPTCHA_TOKEN : '')} />
      <span>Я не робот (тестовая проверка)</span>
    </label>
  );
}

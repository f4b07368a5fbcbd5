import { SmartCaptcha } from '@yandex/smart-captcha';

/** Yandex SmartCaptcha; its token is checked by the server's captcha port. */
export default function YandexCaptcha({ siteKey, onToken }: { siteKey: string; onToken: (token: string) => void }) {
  return <SmartCaptcha sitekey={siteKey} language="ru" onSuccess={onToken} onTokenExpired={() => onToken('')} />;
}

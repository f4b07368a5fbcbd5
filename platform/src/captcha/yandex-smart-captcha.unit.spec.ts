import { describe, expect, it, vi } from 'vitest';
import { createYandexCaptcha, YANDEX_CAPTCHA_VALIDATE_URL } from './yandex-smart-captcha';

const answering = (status: number, body: unknown) => vi.fn<typeof fetch>(async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }));

describe('Yandex SmartCaptcha validation', () => {
  it('posts the secret, the token and the visitor address as a form, and passes on status ok', async () => {
    const fetch = answering(200, { status: 'ok', message: '', host: 'example.ru' });
    const captcha = createYandexCaptcha({ secret: 'server-key', fetch });
    expect(await captcha.verify('token-1', '203.0.113.5')).toBe(true);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe(YANDEX_CAPTCHA_VALIDATE_URL);
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(String(init?.body)))).toEqual({ secret: 'server-key', token: 'token-1', ip: '203.0.113.5' });
  });

  it('refuses status failed', async () => {
    const captcha = createYandexCaptcha({ secret: 's', fetch: answering(200, { status: 'failed', message: 'Token invalid or expired.' }) });
    expect(await captcha.verify('used-token', '203.0.113.5')).toBe(false);
  });

  it('refuses an empty token without asking', async () => {
    const fetch = answering(200, { status: 'ok' });
    expect(await createYandexCaptcha({ secret: 's', fetch }).verify('', '203.0.113.5')).toBe(false);
    expect(fetch).not.toHaveBeenCalled();
  });

  it.each([
    ['the network fails', vi.fn<typeof fetch>(async () => Promise.reject(new TypeError('fetch failed')))],
    ['Yandex answers 500', answering(500, 'Internal Server Error')],
    ['the answer is not a verdict', answering(200, '<html>maintenance</html>')],
  ])('passes, with a warning, when %s (fail-open on an outage; rate limits still apply)', async (_name, fetch) => {
    const warn = vi.fn();
    expect(await createYandexCaptcha({ secret: 's', fetch, warn }).verify('token', '203.0.113.5')).toBe(true);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Yandex SmartCaptcha gave no verdict'));
  });

  it('gives up on a check slower than its timeout and counts it as an outage', async () => {
    const hanging = vi.fn<typeof fetch>((_url, init) => new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason))));
    const warn = vi.fn();
    expect(await createYandexCaptcha({ secret: 's', fetch: hanging, warn, timeoutMs: 20 }).verify('token', '203.0.113.5')).toBe(true);
    expect(warn).toHaveBeenCalledOnce();
  });
});

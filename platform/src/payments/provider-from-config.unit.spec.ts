import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { PAYMENT_SANDBOX_CREDENTIALS, paymentProviderFromConfig, paymentSandboxAddress } from './provider-from-config';

function recordingFetch() {
  const calls: { url: string; authorization: string }[] = [];
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(input), authorization: (init?.headers as Record<string, string>).Authorization as string });
    return new Response(JSON.stringify({ type: 'error', code: 'not_found', description: 'not found' }), { status: 404 });
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

describe('paymentProviderFromConfig', () => {
  it('talks to the sandbox on loopback at PAYMENT_SANDBOX_PORT with the sandbox credentials by default', async () => {
    const { fetch, calls } = recordingFetch();
    const config = loadConfig({ PAYMENT_SANDBOX_PORT: '3999' });
    await expect(paymentProviderFromConfig(config, { fetch }).getPayment('p-1')).rejects.toMatchObject({ code: 'not_found' });
    expect(calls).toEqual([{ url: 'http://127.0.0.1:3999/v3/payments/p-1', authorization: basic(PAYMENT_SANDBOX_CREDENTIALS.shopId, PAYMENT_SANDBOX_CREDENTIALS.secretKey) }]);
    expect(paymentSandboxAddress(config)).toEqual({ host: '127.0.0.1', port: 3999, ...PAYMENT_SANDBOX_CREDENTIALS });
  });

  it('talks to YooKassa with the shop credentials when PAYMENTS_PROVIDER=yookassa', async () => {
    const { fetch, calls } = recordingFetch();
    const config = loadConfig({ PAYMENTS_PROVIDER: 'yookassa', YOOKASSA_SHOP_ID: '100500', YOOKASSA_SECRET_KEY: 'live_secret' });
    await expect(paymentProviderFromConfig(config, { fetch }).getPayment('p-1')).rejects.toMatchObject({ code: 'not_found' });
    expect(calls).toEqual([{ url: 'https://api.yookassa.ru/v3/payments/p-1', authorization: basic('100500', 'live_secret') }]);
  });
});

import type { Config } from '../config';
import type { PaymentProvider } from './payment-provider';
import { createYooKassaClient } from './yookassa-client';
import type { YooKassaClientOptions } from './yookassa-client';

/** What the sandbox accepts and the client sends to it: it listens on loopback only, so they are no secret. */
export const PAYMENT_SANDBOX_CREDENTIALS = { shopId: 'sandbox-shop', secretKey: 'sandbox-secret-key' } as const;

export type PaymentsConfig = Pick<Config, 'PAYMENTS_PROVIDER' | 'YOOKASSA_SHOP_ID' | 'YOOKASSA_SECRET_KEY' | 'YOOKASSA_API_URL' | 'PAYMENT_SANDBOX_PORT'>;

/**
 * The provider a service talks to, by PAYMENTS_PROVIDER: the same client either way, pointed at
 * YooKassa with the shop's credentials or at the sandbox on PAYMENT_SANDBOX_PORT (which whoever
 * runs the stack starts with `paymentSandboxAddress`).
 */
export function paymentProviderFromConfig(config: PaymentsConfig, client: Pick<YooKassaClientOptions, 'fetch' | 'timeoutMs' | 'retry'> = {}): PaymentProvider {
  if (config.PAYMENTS_PROVIDER === 'yookassa') {
    if (!config.YOOKASSA_SHOP_ID || !config.YOOKASSA_SECRET_KEY) {
      throw new Error('PAYMENTS_PROVIDER=yookassa needs YOOKASSA_SHOP_ID and YOOKASSA_SECRET_KEY');
    }
    return createYooKassaClient({ ...client, baseUrl: config.YOOKASSA_API_URL, shopId: config.YOOKASSA_SHOP_ID, secretKey: config.YOOKASSA_SECRET_KEY });
  }
  return createYooKassaClient({ ...client, baseUrl: `http://${paymentSandboxAddress(config).host}:${config.PAYMENT_SANDBOX_PORT}/v3`, ...PAYMENT_SANDBOX_CREDENTIALS });
}

/** Where and with which credentials to start the sandbox so `paymentProviderFromConfig` reaches it. */
export function paymentSandboxAddress(config: Pick<Config, 'PAYMENT_SANDBOX_PORT'>) {
  return { host: '127.0.0.1', port: config.PAYMENT_SANDBOX_PORT, ...PAYMENT_SANDBOX_CREDENTIALS };
}

export * from './amount';
export * from './wire';
export * from './payment-provider';
export { createYooKassaClient, YOOKASSA_API_URL } from './yookassa-client';
export type { YooKassaClientOptions } from './yookassa-client';
export { startPaymentSandbox, sandboxOutcomes } from './payment-sandbox';
export type { PaymentSandbox, PaymentSandboxOptions, SandboxOutcome } from './payment-sandbox';
export * from './provider-from-config';
export * from './record-provider-status';

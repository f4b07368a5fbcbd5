// The payment provider's sandbox as a process (npm start, PAYMENTS_PROVIDER=sandbox): the same /v3
// API as YooKassa on loopback and its checkout page, notifying command-api of every outcome.
import { runService } from '../process/run-service';
import { startPaymentSandbox } from './payment-sandbox';
import { paymentSandboxAddress } from './provider-from-config';

await runService('payments-sandbox', async ({ config }) => {
  const sandbox = await startPaymentSandbox({
    ...paymentSandboxAddress(config),
    notifyUrl: `http://127.0.0.1:${config.COMMAND_API_PORT}/api/payments/notifications`,
  });
  console.log(`payments sandbox at ${sandbox.url} (checkout pages at ${sandbox.url}/checkout/…)`);
  return () => sandbox.close();
});

import type { CommandHandler } from '../commands/handle-command';
import type { PaymentProvider } from '../payments/payment-provider';
import type { ReceiptSettings } from '../payments/receipt-settings';

/** What a workflow that takes a provider payment needs. */
export interface PaymentDeps {
  commands: CommandHandler;
  payments: PaymentProvider;
  /** The 54-FZ receipt fields every payment carries; unset, payments go without a receipt. */
  receipts?: ReceiptSettings | undefined;
  /** The site's address as customers see it: the provider sends them back to its payment result page. */
  readonly siteUrl: string;
}

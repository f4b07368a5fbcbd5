import type { Config } from '../config';

/** The 54-FZ fields every receipt item of this shop carries, as its tax settings say. */
export interface ReceiptSettings {
  vatCode: number;
  paymentMode: Config['YOOKASSA_PAYMENT_MODE'];
  paymentSubject: Config['YOOKASSA_PAYMENT_SUBJECT'];
}

/** The receipt settings when YOOKASSA_RECEIPT=on; undefined sends payments without a receipt. */
export function receiptSettingsFromConfig(
  config: Pick<Config, 'YOOKASSA_RECEIPT' | 'YOOKASSA_VAT_CODE' | 'YOOKASSA_PAYMENT_MODE' | 'YOOKASSA_PAYMENT_SUBJECT'>,
): ReceiptSettings | undefined {
  if (config.YOOKASSA_RECEIPT === 'off') return undefined;
  return { vatCode: config.YOOKASSA_VAT_CODE, paymentMode: config.YOOKASSA_PAYMENT_MODE, paymentSubject: config.YOOKASSA_PAYMENT_SUBJECT };
}

import { formatRoubles, type PaymentIntentView } from '@studio/domain';

/**
 * What the result page says of a succeeded payment. A paid booking may still be cancelled (the
 * payment came after its hold expired, or the booking was cancelled since): then its money goes
 * back, and the page says where the refund is.
 */
export function paidText(intent: Pick<PaymentIntentView, 'booking_status' | 'fully_paid' | 'remaining_amount' | 'refunded_amount' | 'refund_status'>): string {
  if (intent.booking_status === 'canceled') {
    if (intent.refund_status === 'succeeded') return `Бронирование отменено. Оплата возвращена: ${formatRoubles(intent.refunded_amount)} вернутся на карту в срок, который устанавливает ваш банк.`;
    return 'Бронирование отменено. Оформляем возврат оплаты — деньги вернутся на карту.';
  }
  if (intent.fully_paid) return 'Оплата прошла, бронирование подтверждено. Ждём вас в студии!';
  return `Предоплата получена. Остаток ${formatRoubles(intent.remaining_amount)} можно оплатить в личном кабинете или в студии.`;
}

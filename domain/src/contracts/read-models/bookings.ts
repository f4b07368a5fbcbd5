import type { ColumnType } from 'kysely';
import type { BookingRecord, BookingStatus } from '../../bookings/decider';
import type { PaymentSetAsideReason, ProviderPaymentStatus, ProviderRefundStatus, RefundReason } from '../../payments/events';

/** JSON columns: written as JSON text, read back parsed. */
type Json<T> = ColumnType<T, string, string>;
/** bigint money columns: written as numbers, read back as exact strings. */
type Int8 = ColumnType<string, number, number>;

/** Bookings, their payment intents and the provider payments behind them; money in kopecks. */
export interface BookingsTables {
  bookings: {
    booking_id: string;
    intent_id: string;
    studio: string;
    status: BookingStatus;
    customer_name: string;
    customer_phone: string;
    customer_email: string;
    customer_comment: string;
    user_id: string | null;
    /** The buyer's visitor key (a customer's checkout); never sent to anybody. */
    visitor: string | null;
    /** A staff booking's days have no hold. */
    blocks: Json<BookingRecord['blocks']>;
    format: Json<{ kind: string; photographerId?: string; photographerName?: string; peopleCount: number }>;
    services: Json<{ serviceId: string; name: string; format: string; price: number }[]>;
    price_lines: Json<{ label: string; amount: number }[]>;
    total: Int8;
    paid: Int8;
    prepay_percent: number;
    promo_code: string | null;
    /** A customer's checkout (signed in or a guest), or staff in the back-office. */
    created_by: 'customer' | 'staff';
    /** The staff member who created it. */
    staff_id: string | null;
    /** The studio blocked by staff for its own needs: no customer, no payment. */
    technical: boolean;
    /** The bookings one multi-slot staff creation made share it. */
    group_id: string | null;
    /** Staff's notes on the booking, oldest first (docs/booking.md#what-it-does: text, ISO date, adminName). */
    notes: Json<{ text: string; date: string; adminName: string }[]>;
    placed_at: Date;
    updated_at: Date;
  };
  payment_intents: {
    intent_id: string;
    booking_id: string;
    studio: string;
    total: Int8;
    paid: Int8;
    prepay_percent: number;
    /** Kopecks of its succeeded refunds (the back-office's payment_refunded_success_amount, summed). */
    refunded_amount: Int8;
    /** Kopecks of its refunds not cancelled, pending included (payment_refunded_total_amount, summed). */
    refunded_total_amount: Int8;
    created_at: Date;
    updated_at: Date;
  };
  provider_payments: {
    payment_id: string;
    intent_id: string;
    purpose: string;
    amount: Int8;
    confirmation_url: string;
    status: ProviderPaymentStatus;
    reason: string | null;
    /** The provider's payment_method.type once it reported one. */
    method: string | null;
    /** Why the payment sync no longer asks the provider about it (ProviderPaymentSetAside); null while it does. */
    set_aside: PaymentSetAsideReason | null;
    /** Kopecks of this payment's succeeded refunds. */
    refunded_amount: Int8;
    /** Kopecks of this payment's refunds not cancelled: what can no longer be refunded. */
    refunded_total_amount: Int8;
    created_at: Date;
    updated_at: Date;
  };
  /** Refunds of provider payments, by our id; `requested` until the provider has taken one. */
  payment_refunds: {
    refund_id: string;
    intent_id: string;
    payment_id: string;
    provider_refund_id: string | null;
    amount: Int8;
    reason: RefundReason;
    description: string | null;
    requested_by: string;
    status: 'requested' | ProviderRefundStatus;
    created_at: Date;
    updated_at: Date;
  };
  /** Every status a payment or refund took, with when: the finance journal's history of each. */
  payment_status_changes: {
    /** The event that changed it: one change an event. */
    event_id: string;
    kind: 'payment' | 'refund';
    /** A payment's payment_id, a refund's refund_id. */
    entry_id: string;
    status: ProviderPaymentStatus | 'requested' | ProviderRefundStatus;
    at: Date;
    /** The event's position: the order of changes, which their times may not tell apart. */
    position: string;
  };
}

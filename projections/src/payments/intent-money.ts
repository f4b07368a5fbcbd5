import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import { paymentIntentEventSchemas, type IntentMoneyRow, type PaymentIntentEvent } from '@studio/domain';

const { ProviderPaymentCreated, ProviderPaymentUpdated, TransferPaymentRecorded, RefundRequested, ProviderRefundCreated, ProviderRefundUpdated } = paymentIntentEventSchemas;
/** The payment-intent events that move money in or out. */
export const MONEY_EVENTS = { ProviderPaymentCreated, ProviderPaymentUpdated, TransferPaymentRecorded, RefundRequested, ProviderRefundCreated, ProviderRefundUpdated };
export type MoneyEvent = Exclude<PaymentIntentEvent, { type: 'PaymentIntentCreated' }>;

/**
 * Every payment and refund of the payment intents, with whether it went through, in a table of a
 * read model's own (`name`): what read models that count money received minus refunded keep.
 */
export function intentMoney<DB>(name: keyof DB & string) {
  const table: string = name;
  // Each read model names its own table; kysely cannot type a table chosen at run time.
  const db = (trx: Transaction<DB>) => trx as unknown as Kysely<Record<string, IntentMoneyRow>>;
  const row = (trx: Transaction<DB>, kind: IntentMoneyRow['kind'], id: string) => db(trx).updateTable(table).where('kind', '=', kind).where('id', '=', id);
  return {
    ddl: (versioned: string) => [
      `CREATE TABLE IF NOT EXISTS ${versioned} (
        kind text NOT NULL CHECK (kind IN ('payment', 'refund')),
        id text NOT NULL,
        intent_id text NOT NULL,
        amount bigint NOT NULL,
        succeeded boolean NOT NULL,
        PRIMARY KEY (kind, id)
      )`,
      `CREATE INDEX IF NOT EXISTS ${versioned}_intent ON ${versioned} (intent_id)`,
    ],

    /** Records the event; false when no money went through or back by it (a provider payment or a refund only asked for). */
    async record(trx: Transaction<DB>, event: MoneyEvent): Promise<boolean> {
      const insert = (values: Insertable<IntentMoneyRow>) => db(trx).insertInto(table).values(values).onConflict((oc) => oc.columns(['kind', 'id']).doNothing()).execute();
      switch (event.type) {
        case 'ProviderPaymentCreated':
        case 'TransferPaymentRecorded': {
          const { paymentId, intentId, amount } = event.data;
          // A transfer is money already received; a provider payment is not until the provider says so.
          const succeeded = event.type === 'TransferPaymentRecorded';
          await insert({ kind: 'payment', id: paymentId, intent_id: intentId, amount, succeeded });
          return succeeded;
        }
        case 'ProviderPaymentUpdated':
          await row(trx, 'payment', event.data.paymentId).set({ succeeded: event.data.status === 'succeeded' }).execute();
          return true;
        case 'RefundRequested': {
          const { refundId, intentId, amount } = event.data;
          await insert({ kind: 'refund', id: refundId, intent_id: intentId, amount, succeeded: false });
          return false;
        }
        case 'ProviderRefundCreated':
        case 'ProviderRefundUpdated':
          await row(trx, 'refund', event.data.refundId).set({ succeeded: event.data.status === 'succeeded' }).execute();
          return true;
      }
    },

    /** Received minus refunded on an intent: what went through. */
    async netOf(trx: Transaction<DB>, intentId: string): Promise<number> {
      const { net } = await db(trx)
        .selectFrom(table)
        .select(sql<string>`coalesce(sum(CASE kind WHEN 'payment' THEN amount ELSE -amount END), 0)`.as('net'))
        .where('intent_id', '=', intentId)
        .where('succeeded', '=', true)
        .executeTakeFirstOrThrow();
      return Number(net);
    },
  };
}

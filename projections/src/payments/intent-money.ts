import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import { paymentIntentEventSchemas, type IntentMoneyRow, type PaymentIntentEvent } from '@studio/domain';

const { ProviderPaymentCreated, ProviderPaymentUpdated, TransferPaymentRecorded, RefundRequested, ProviderRefundCreated, ProviderRefundUpdated } = paymentIntentEventSchemas;
/** The payment-intent events that move money in or out. */
export const MONEY_EVENTS = { ProviderPaymentCreated, ProviderPaymentUpdated, TransferPaymentRecorded, RefundRequested, ProviderRefundCreated, ProviderRefundUpdated };
export type MoneyEvent = Exclude<PaymentIntentEvent, { type: 'PaymentIntentCreated' | 'ProviderPaymentSetAside' | 'PaymentIntentRepriced' }>;

type MoneyRow = Insertable<IntentMoneyRow> & { amount: number };
/**
 * What a money event does to the table: a payment or refund added (kept as it is when already
 * there) or one's outcome set; `moved` when money went through or back by it (not by a provider
 * payment or a refund only asked for).
 */
type MoneyStep = { moved: boolean } & ({ insert: MoneyRow } | { outcome: Pick<MoneyRow, 'kind' | 'id' | 'succeeded'> });

function moneyStep(event: MoneyEvent): MoneyStep {
  switch (event.type) {
    case 'ProviderPaymentCreated':
    case 'TransferPaymentRecorded': {
      const { paymentId, intentId, amount } = event.data;
      // A transfer is money already received; a provider payment is not until the provider says so.
      const succeeded = event.type === 'TransferPaymentRecorded';
      return { insert: { kind: 'payment', id: paymentId, intent_id: intentId, amount, succeeded }, moved: succeeded };
    }
    case 'ProviderPaymentUpdated':
      return { outcome: { kind: 'payment', id: event.data.paymentId, succeeded: event.data.status === 'succeeded' }, moved: true };
    case 'RefundRequested': {
      const { refundId, intentId, amount } = event.data;
      return { insert: { kind: 'refund', id: refundId, intent_id: intentId, amount, succeeded: false }, moved: false };
    }
    case 'ProviderRefundCreated':
    case 'ProviderRefundUpdated':
      return { outcome: { kind: 'refund', id: event.data.refundId, succeeded: event.data.status === 'succeeded' }, moved: true };
  }
}

const rowKey = (kind: string, id: string) => `${kind}\u0000${id}`;

/**
 * A rebuild page's share of the table in memory: the rows of every intent its events name (and
 * every payment or refund they name), the events recorded on them as `record` does, then the rows
 * they changed written back in one statement.
 */
export interface IntentMoneyPage {
  record(event: MoneyEvent): boolean;
  netOf(intentId: string): number;
  save(): Promise<void>;
}

/**
 * Every payment and refund of the payment intents, with whether it went through, in a table of a
 * read model's own (`name`): what read models that count money received minus refunded keep.
 */
export function intentMoney<DB>(name: keyof DB & string) {
  const table: string = name;
  // Each read model names its own table; kysely cannot type a table chosen at run time.
  const db = (trx: Transaction<DB>) => trx as unknown as Kysely<Record<string, IntentMoneyRow>>;
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

    /** Records the event; false when no money went through or back by it. */
    async record(trx: Transaction<DB>, event: MoneyEvent): Promise<boolean> {
      const step = moneyStep(event);
      if ('insert' in step) await db(trx).insertInto(table).values(step.insert).onConflict((oc) => oc.columns(['kind', 'id']).doNothing()).execute();
      else await db(trx).updateTable(table).set({ succeeded: step.outcome.succeeded }).where('kind', '=', step.outcome.kind).where('id', '=', step.outcome.id).execute();
      return step.moved;
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

    /** Loads the rows a page's `events` and its `intents` (those it asks `netOf`) touch. */
    async page(trx: Transaction<DB>, events: readonly MoneyEvent[], intents: readonly string[]): Promise<IntentMoneyPage> {
      const refs = events.map((event) => moneyStep(event)).map((step) => ('insert' in step ? step.insert : step.outcome));
      const named = refs.length ? sql`OR (kind, id) IN (SELECT * FROM unnest(${refs.map((ref) => ref.kind)}::text[], ${refs.map((ref) => ref.id)}::text[]))` : sql``;
      const loaded = await sql<MoneyRow>`
        SELECT kind, id, intent_id, amount::float8 AS amount, succeeded FROM ${sql.table(table)}
        WHERE intent_id = ANY(${[...new Set([...intents, ...events.map((event) => event.data.intentId)])]}::text[]) ${named}`.execute(db(trx));
      const rows = new Map<string, MoneyRow>();
      const ofIntent = new Map<string, Set<string>>();
      const put = (row: MoneyRow) => {
        const key = rowKey(row.kind, row.id);
        rows.set(key, row);
        ofIntent.set(row.intent_id, (ofIntent.get(row.intent_id) ?? new Set()).add(key));
      };
      loaded.rows.forEach(put);
      const changed = new Set<string>();
      return {
        record(event) {
          const step = moneyStep(event);
          const row = 'insert' in step ? step.insert : step.outcome;
          const key = rowKey(row.kind, row.id);
          const before = rows.get(key);
          if ('insert' in step && !before) put(step.insert);
          if ('outcome' in step && before) rows.set(key, { ...before, succeeded: step.outcome.succeeded });
          if (rows.get(key) !== before) changed.add(key);
          return step.moved;
        },
        netOf(intentId) {
          let net = 0;
          for (const key of ofIntent.get(intentId) ?? []) {
            const row = rows.get(key)!;
            if (row.succeeded) net += row.kind === 'payment' ? row.amount : -row.amount;
          }
          return net;
        },
        async save() {
          const saved = [...changed].map((key) => rows.get(key)!);
          if (!saved.length) return;
          const column = <K extends keyof MoneyRow>(name: K) => saved.map((row) => row[name]);
          await sql`INSERT INTO ${sql.table(table)} (kind, id, intent_id, amount, succeeded)
            SELECT * FROM unnest(${column('kind')}::text[], ${column('id')}::text[], ${column('intent_id')}::text[], ${column('amount')}::bigint[], ${column('succeeded')}::boolean[])
            ON CONFLICT (kind, id) DO UPDATE SET succeeded = excluded.succeeded`.execute(db(trx));
        },
      };
    },
  };
}

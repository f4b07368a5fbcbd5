import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPool } from '../db';
import { sandboxSmsSender, type SmsMessage } from '../sms/sms-sender';
import { createTestDatabase, type TestDatabase } from '../testing';
import { DeliveryOutcomeUnknown, sendingOnce, type MessageSender } from './deliveries';
import { readSandboxOutbox } from './sandbox-outbox';

let db: TestDatabase;
let pool: pg.Pool;
beforeAll(async () => {
  db = await createTestDatabase('deliveries');
  pool = createPool(db.url, 4);
});
afterAll(async () => {
  await pool?.end();
  await db?.drop();
});

const message = (dedupeKey: string): SmsMessage => ({ to: '+79991234567', text: `текст ${dedupeKey}`, dedupeKey });
/** The sandbox, failing the first `failures` sends with `error`. */
const flaky = (failures: number, error: () => Error): MessageSender<SmsMessage> & { calls: number } => {
  const sandbox = sandboxSmsSender(pool);
  const adapter = {
    calls: 0,
    async send(sms: SmsMessage) {
      adapter.calls += 1;
      if (adapter.calls <= failures) throw error();
      await sandbox.send(sms);
    },
  };
  return adapter;
};

describe('a message sent through the delivery ledger', () => {
  it('goes out once per dedupe key, however often it is sent', async () => {
    const adapter = flaky(0, () => new Error('never'));
    const sms = await sendingOnce(pool, 'sms', adapter);
    expect(await sms.wasSent('k1')).toBe(false);
    expect(await Promise.all([sms.send(message('k1')), sms.send(message('k1')), sms.send(message('k1'))])).toEqual(expect.arrayContaining(['sent', 'already_sent', 'already_sent']));
    expect(adapter.calls).toBe(1);
    expect(await sms.wasSent('k1')).toBe(true);
    expect((await readSandboxOutbox(pool)).filter((row) => row.body === 'текст k1')).toHaveLength(1);
  });

  it('refused by the provider: the key is given back and a retry sends it', async () => {
    const adapter = flaky(1, () => new Error('SMS.ru refused the SMS: 220'));
    const sms = await sendingOnce(pool, 'sms', adapter);
    await expect(sms.send(message('k2'))).rejects.toThrow('220');
    expect(await sms.wasSent('k2')).toBe(false);
    expect(await sms.send(message('k2'))).toBe('sent');
    expect(adapter.calls).toBe(2);
  });

  it('with no answer from the provider: kept as sent, never sent again, with a warning naming the key only', async () => {
    const adapter = flaky(1, () => new DeliveryOutcomeUnknown('SMS.ru did not answer: TimeoutError'));
    const warn = vi.fn();
    const sms = await sendingOnce(pool, 'sms', adapter, warn);
    expect(await sms.send(message('k3'))).toBe('outcome_unknown');
    expect(await sms.send(message('k3'))).toBe('already_sent');
    expect(adapter.calls).toBe(1);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('k3'));
    expect(warn.mock.calls[0]![0]).not.toContain('текст');
    const { rows } = await pool.query(`SELECT state FROM message_deliveries WHERE dedupe_key = 'k3'`);
    expect(rows).toEqual([{ state: 'outcome_unknown' }]);
  });
});

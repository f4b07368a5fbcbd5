import { describe, expect, it, vi } from 'vitest';
import { DeliveryOutcomeUnknown } from '../messaging/deliveries';
import { createSmsRuSender, SMS_RU_SEND_URL, SmsRuRefusal } from './sms-ru';

const answering = (status: number, body: unknown) => vi.fn<typeof fetch>(async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }));
const message = { to: '+79991234567', text: 'Ваш пароль: Secret-42', dedupeKey: 'k1' };
const accepted = { status: 'OK', status_code: 100, sms: { '79991234567': { status: 'OK', status_code: 100, sms_id: '000000-10000000' } }, balance: 4122.56 };

describe('SMS.ru sms/send', () => {
  it('posts api_id, the number as digits, the text and json=1 as a form, and takes an OK for the number as sent', async () => {
    const fetch = answering(200, accepted);
    await createSmsRuSender({ apiId: 'api-key', fetch }).send(message);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe(SMS_RU_SEND_URL);
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(String(init?.body)))).toEqual({ api_id: 'api-key', to: '79991234567', msg: message.text, json: '1' });
  });

  it('asks with test=1 in test mode', async () => {
    const fetch = answering(200, accepted);
    await createSmsRuSender({ apiId: 'api-key', fetch, test: true }).send(message);
    expect(new URLSearchParams(String(fetch.mock.calls[0]![1]?.body)).get('test')).toBe('1');
  });

  it.each([
    ['the request is refused', { status: 'ERROR', status_code: 200, status_text: 'Неправильный api_id' }, /200 Неправильный api_id/],
    ['the number is refused', { status: 'OK', status_code: 100, sms: { '79991234567': { status: 'ERROR', status_code: 207, status_text: 'На этот номер нельзя отправлять сообщения' } } }, /207/],
    ['the number has no entry', { status: 'OK', status_code: 100, sms: {} }, /no status for the number/],
  ])('refuses when %s, naming the code but never the text', async (_name, body, reason) => {
    const error = await createSmsRuSender({ apiId: 'k', fetch: answering(200, body) }).send(message).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmsRuRefusal);
    expect((error as Error).message).toMatch(reason);
    expect((error as Error).message).not.toContain('Secret-42');
  });

  it('refuses on an HTTP error and on an unreachable host (nothing went out), and leaves a missing answer unknown', async () => {
    await expect(createSmsRuSender({ apiId: 'k', fetch: answering(503, 'down') }).send(message)).rejects.toBeInstanceOf(SmsRuRefusal);
    const refused = vi.fn<typeof fetch>(async () => Promise.reject(Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } })));
    await expect(createSmsRuSender({ apiId: 'k', fetch: refused }).send(message)).rejects.toBeInstanceOf(SmsRuRefusal);
    const hanging = vi.fn<typeof fetch>((_url, init) => new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason))));
    await expect(createSmsRuSender({ apiId: 'k', fetch: hanging, timeoutMs: 20 }).send(message)).rejects.toBeInstanceOf(DeliveryOutcomeUnknown);
  });
});

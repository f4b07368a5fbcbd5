import { z } from 'zod';
import { DeliveryOutcomeUnknown } from '../messaging/deliveries';
import type { SmsSender } from './sms-sender';

export const SMS_RU_SEND_URL = 'https://sms.ru/sms/send';

export interface SmsRuOptions {
  apiId: string;
  /** `test=1`: SMS.ru checks the request and answers as if sent, without sending or charging. */
  test?: boolean;
  url?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

const statusSchema = z.object({ status: z.string(), status_code: z.number().optional(), status_text: z.string().optional() });
const answerSchema = statusSchema.extend({ sms: z.record(z.string(), statusSchema).optional() });

const UNREACHED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);

/** Why SMS.ru did not take a message: its status code and text, never the message. */
export class SmsRuRefusal extends Error {}

/**
 * SMS.ru's `sms/send` (POST api_id, to, msg, json=1). The answer is `{status, status_code, sms:
 * {<number>: {status, status_code, sms_id | status_text}}}`: the request and the number's own entry
 * must both say "OK", anything else is a refusal. No answer at all (a timeout, a dropped
 * connection) leaves the outcome unknown. Errors name the code and SMS.ru's text only, since the
 * message may carry a password.
 */
export function createSmsRuSender(options: SmsRuOptions): SmsSender {
  const { apiId, url = SMS_RU_SEND_URL, timeoutMs = 10_000 } = options;
  const send = options.fetch ?? fetch;
  return {
    async send({ to, text }) {
      const number = to.replace(/\D/g, '');
      const body = new URLSearchParams({ api_id: apiId, to: number, msg: text, json: '1', ...(options.test ? { test: '1' } : {}) });
      let answer: Response;
      try {
        answer = await send(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: body.toString(), signal: AbortSignal.timeout(timeoutMs) });
      } catch (error) {
        const code = (error as { cause?: { code?: unknown } }).cause?.code;
        // Never reached: nothing went out, and a retry may send it.
        if (typeof code === 'string' && UNREACHED.has(code)) throw new SmsRuRefusal(`SMS.ru could not be reached: ${code}`);
        throw new DeliveryOutcomeUnknown(`SMS.ru did not answer: ${error instanceof Error ? error.name : 'error'}`);
      }
      if (!answer.ok) throw new SmsRuRefusal(`SMS.ru answered HTTP ${answer.status}`);
      const parsed = answerSchema.safeParse(await answer.json().catch(() => undefined));
      if (!parsed.success) throw new DeliveryOutcomeUnknown('SMS.ru answered something that is no status');
      const refusal = [parsed.data, parsed.data.sms?.[number] ?? { status: 'ERROR', status_text: 'no status for the number' }].find((entry) => entry.status !== 'OK');
      if (refusal) throw new SmsRuRefusal(`SMS.ru refused the SMS: ${refusal.status_code ?? '-'} ${refusal.status_text ?? ''}`.trim());
    },
  };
}

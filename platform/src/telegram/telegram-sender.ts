import type pg from 'pg';
import { z } from 'zod';
import type { Config } from '../config';
import { DeliveryOutcomeUnknown, sendingOnce, type MessageSender, type OnceSender, type Outgoing } from '../messaging/deliveries';
import { inSandboxOutbox, recordInSandboxOutbox } from '../messaging/sandbox-outbox';

// Staff alerts in Telegram: docs/notifications.md («Оповещения в Telegram»).

/** One message to a Telegram chat: `to` is the chat id (or a channel's @name). */
export interface TelegramMessage extends Outgoing {
  text: string;
}

export type TelegramSender = MessageSender<TelegramMessage>;

export interface TelegramBotOptions {
  token: string;
  /** The Bot API's address, https://api.telegram.org unless given (a test's fake server). */
  apiUrl?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

const answerSchema = z.object({ ok: z.boolean(), error_code: z.number().optional(), description: z.string().optional() });
const UNREACHED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);

/** Why the Bot API did not take a message: its error code and description (never the token). */
export class TelegramRefusal extends Error {}

/**
 * The Bot API's `sendMessage` (POST {chat_id, text} as JSON to `<apiUrl>/bot<token>/sendMessage`).
 * `{ok: true}` means sent; `{ok: false}` or an HTTP error is a refusal, so a retry may send it; no
 * answer at all (a timeout, a dropped connection) leaves the outcome unknown.
 */
export function createTelegramBotSender(options: TelegramBotOptions): TelegramSender {
  const { token, apiUrl = 'https://api.telegram.org', timeoutMs = 10_000 } = options;
  const post = options.fetch ?? fetch;
  const url = `${apiUrl.replace(/\/$/, '')}/bot${token}/sendMessage`;
  return {
    async send({ to, text }) {
      let answer: Response;
      try {
        answer = await post(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ chat_id: to, text }), signal: AbortSignal.timeout(timeoutMs) });
      } catch (error) {
        const code = (error as { cause?: { code?: unknown } }).cause?.code;
        if (typeof code === 'string' && UNREACHED.has(code)) throw new TelegramRefusal(`Telegram could not be reached: ${code}`);
        throw new DeliveryOutcomeUnknown(`Telegram did not answer: ${error instanceof Error ? error.name : 'error'}`);
      }
      const parsed = answerSchema.safeParse(await answer.json().catch(() => undefined));
      if (parsed.success && parsed.data.ok && answer.ok) return;
      if (!parsed.success && answer.ok) throw new DeliveryOutcomeUnknown('Telegram answered something that is no Bot API answer');
      throw new TelegramRefusal(`Telegram refused the message: ${parsed.data?.error_code ?? answer.status} ${parsed.data?.description ?? ''}`.trim());
    },
  };
}

/** The Telegram port of development and tests: every alert is a row of the sandbox outbox with channel `telegram`. */
export const sandboxTelegramSender = (pool: pg.Pool): TelegramSender => ({
  send: ({ to, text, dedupeKey }) => recordInSandboxOutbox(pool, { channel: 'telegram', recipient: to, subject: null, body: text, dedupeKey }),
  delivered: (dedupeKey) => inSandboxOutbox(pool, dedupeKey),
});

/** The Bot API with TELEGRAM_BOT_TOKEN, else the sandbox; either way each alert goes out once per dedupe key. */
export async function telegramFromConfig(config: Pick<Config, 'TELEGRAM_BOT_TOKEN' | 'TELEGRAM_API_URL'>, pool: pg.Pool): Promise<OnceSender<TelegramMessage>> {
  const adapter = config.TELEGRAM_BOT_TOKEN ? createTelegramBotSender({ token: config.TELEGRAM_BOT_TOKEN, apiUrl: config.TELEGRAM_API_URL }) : sandboxTelegramSender(pool);
  return sendingOnce(pool, 'telegram', adapter);
}

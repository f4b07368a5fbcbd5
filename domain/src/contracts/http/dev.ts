import { z } from 'zod';

export const OUTBOX_CHANNELS = ['sms', 'email', 'telegram'] as const;
export type OutboxChannel = (typeof OUTBOX_CHANNELS)[number];

/** A file an e-mail carried (the confirmation's booking as .ics). */
export const outboxAttachmentSchema = z.object({ filename: z.string(), contentType: z.string(), content: z.string() });
export type OutboxAttachment = z.infer<typeof outboxAttachmentSchema>;

/** One message the SMS, mail or Telegram sandbox "sent"; `subject` is null for an SMS and a Telegram alert. */
export const outboxMessageSchema = z.object({
  id: z.string(),
  channel: z.enum(OUTBOX_CHANNELS),
  recipient: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  created_at: z.string(),
  attachments: z.array(outboxAttachmentSchema).optional(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

/**
 * GET /api/dev/outbox?channel=sms|email|telegram&to=…: the sandboxes' messages, newest first. Served only
 * while a sandbox stands in for SMS or mail and outside production.
 */
export const outboxResponseSchema = z.object({ success: z.literal(true), messages: z.array(outboxMessageSchema) });
export type OutboxResponse = z.infer<typeof outboxResponseSchema>;

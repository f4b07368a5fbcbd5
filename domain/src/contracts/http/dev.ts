import { z } from 'zod';

export const OUTBOX_CHANNELS = ['sms', 'email'] as const;
export type OutboxChannel = (typeof OUTBOX_CHANNELS)[number];

/** One message the SMS or mail sandbox "sent"; `subject` is null for an SMS. */
export const outboxMessageSchema = z.object({
  id: z.string(),
  channel: z.enum(OUTBOX_CHANNELS),
  recipient: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  created_at: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

/**
 * GET /api/dev/outbox?channel=sms|email&to=…: the sandboxes' messages, newest first. Served only
 * while a sandbox stands in for SMS or mail and outside production.
 */
export const outboxResponseSchema = z.object({ success: z.literal(true), messages: z.array(outboxMessageSchema) });
export type OutboxResponse = z.infer<typeof outboxResponseSchema>;

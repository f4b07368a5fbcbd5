import { Router } from 'express';
import { z } from 'zod';
import { OUTBOX_CHANNELS, type OutboxResponse } from '@studio/domain';
import { isLoopbackAddress, parseInput, readSandboxOutbox } from '@studio/platform';
import type { QueryAppDeps } from '../app';

const outboxQuery = z.object({
  channel: z.enum(OUTBOX_CHANNELS, 'ожидался канал sms или email').optional(),
  to: z.string().trim().max(254, 'не длиннее 254 символов').optional(),
});

/**
 * GET /api/dev/outbox: what the SMS and mail sandboxes "sent", newest first, for the development
 * page /dev/outbox. Mounted only while a sandbox is in use outside production (`devOutboxServed`):
 * the outbox holds the passwords of accounts opened at booking, so no deployment that sends real
 * messages may serve it. Even then it answers only a browser on this machine (the gateway forwards
 * the visitor's address): to anyone else, as in production, there is no such route.
 */
export function devRoutes({ pool, devOutbox }: QueryAppDeps): Router {
  const router = Router();
  if (!devOutbox) return router;
  return router.get('/api/dev/outbox', async (req, res, next) => {
    if (!isLoopbackAddress(req.ip)) return next();
    const { channel, to } = parseInput(outboxQuery, req.query);
    const messages = await readSandboxOutbox(pool, { channel, to });
    res.setHeader('Cache-Control', 'no-store');
    res.json({ success: true, messages } satisfies OutboxResponse);
  });
}

import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { INITIAL_FEED_NONCE, STUDIOS, type Studio } from '@studio/domain';

// The calendar feeds' tokens: docs/notifications.md («Календарные ленты»).

/**
 * The key outside production (npm start, tests); production requires CALENDAR_FEED_SECRET. Anyone
 * who knows it and a studio's nonce can make that studio's token, so it must never be used live.
 */
export const DEVELOPMENT_CALENDAR_FEED_SECRET = 'development-only-calendar-feed-secret-not-for-production';

/**
 * A studio's feed token: HMAC-SHA256 of its nonce under the server's secret, 256 bits as base64url.
 * Neither the event store nor the read models hold it: they hold the nonce and the token's hash, so
 * the URL can be shown again to staff while a copy of the database alone opens no feed.
 */
export const calendarFeedToken = (secret: string, studio: Studio, nonce: string | null) =>
  createHmac('sha256', secret).update(`calendar-feed:${studio}:${nonce ?? INITIAL_FEED_NONCE}`).digest('base64url');

/** SHA-256 (hex) of a token: what a rotation records. */
export const calendarFeedTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** A rotation's fresh nonce: 128 random bits. */
export const newCalendarFeedNonce = () => randomBytes(16).toString('hex');

/** The studio whose current token `token` is, given each studio's nonce; compared in constant time. */
export function studioOfFeedToken(secret: string, nonces: Partial<Record<Studio, string | null>>, token: string): Studio | undefined {
  const given = Buffer.from(calendarFeedTokenHash(token), 'hex');
  return STUDIOS.find((studio) => timingSafeEqual(given, Buffer.from(calendarFeedTokenHash(calendarFeedToken(secret, studio, nonces[studio] ?? null)), 'hex')));
}

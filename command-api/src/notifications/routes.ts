import { Router, type RequestHandler } from 'express';
import { calendarFeedRotatedAnswerSchema, calendarFeedUrl, studioNotificationsAggregate, telegramChatAnswerSchema, telegramChatRequestSchema } from '@studio/domain';
import {
  calendarFeedToken,
  calendarFeedTokenHash,
  DEVELOPMENT_CALENDAR_FEED_SECRET,
  newCalendarFeedNonce,
  parseInput,
  requestOrigin,
  studioSegment,
} from '@studio/platform';
import type { CommandApiDeps } from '../http/app';
import { writeRoute } from '../http/write-route';

/**
 * A studio's notification settings (super only; docs/notifications.md):
 * - PUT /api/admin/notification-settings/{studio}/telegram {chatId}: the staff chat its alerts go to (blank: none);
 * - POST /api/admin/calendar-feeds/{studio}/rotate: a new feed token, so the old URL answers 404.
 */
export function notificationsRoutes(deps: CommandApiDeps, guards: RequestHandler[]): Router {
  const secret = deps.calendarFeedSecret ?? DEVELOPMENT_CALENDAR_FEED_SECRET;
  return Router()
    .put(
      '/admin/notification-settings/:studio/telegram',
      ...guards,
      writeRoute(deps, {
        answer: telegramChatAnswerSchema,
        parse: (req) => ({ studio: studioSegment(req), chatId: parseInput(telegramChatRequestSchema, req.body).chatId }),
        run: (data, { decide }) => decide(studioNotificationsAggregate, { type: 'SetTelegramChat', data }),
        present: (_result, { studio, chatId }) => ({ settings: { studio, telegramChatId: chatId } }),
      }),
    )
    .post(
      '/admin/calendar-feeds/:studio/rotate',
      ...guards,
      writeRoute(deps, {
        answer: calendarFeedRotatedAnswerSchema,
        parse: (req) => {
          const studio = studioSegment(req);
          const nonce = newCalendarFeedNonce();
          const token = calendarFeedToken(secret, studio, nonce);
          return { studio, nonce, token, origin: requestOrigin(req) };
        },
        run: ({ studio, nonce, token }, { decide }) => decide(studioNotificationsAggregate, { type: 'RotateCalendarFeed', data: { studio, nonce, tokenHash: calendarFeedTokenHash(token) } }),
        present: (_result, { studio, token, origin }) => ({ feed: { studio, url: calendarFeedUrl(origin, token) } }),
      }),
    );
}

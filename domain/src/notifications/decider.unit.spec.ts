import { describe, it } from 'vitest';
import { spec } from '../testing/decider-spec';
import { studioNotificationsAggregate } from './decider';
import type { StudioNotificationEvent } from './events';

const settings = spec(studioNotificationsAggregate.decider);
const chatSet = (chatId: string | null): StudioNotificationEvent => ({ type: 'TelegramChatSet', data: { studio: 'pochta', chatId } });
const rotated = (nonce: string): StudioNotificationEvent => ({ type: 'CalendarFeedRotated', data: { studio: 'pochta', nonce, tokenHash: 'a'.repeat(64) } });
const NONCE = '0123456789abcdef0123456789abcdef';

describe('a studio\'s notification settings', () => {
  it('set the staff chat, turn it off, and record nothing when it is set already', () => {
    settings.given([]).when({ type: 'SetTelegramChat', data: { studio: 'pochta', chatId: '-1001234' } }).then([chatSet('-1001234')]);
    settings.given([chatSet('-1001234')]).when({ type: 'SetTelegramChat', data: { studio: 'pochta', chatId: '-1001234' } }).then([]);
    settings.given([chatSet('-1001234')]).when({ type: 'SetTelegramChat', data: { studio: 'pochta', chatId: null } }).then([chatSet(null)]);
  });

  it('rotate the calendar feed\'s token, a repeat of the same rotation recording nothing', () => {
    settings.given([]).when({ type: 'RotateCalendarFeed', data: { studio: 'pochta', nonce: NONCE, tokenHash: 'a'.repeat(64) } }).then([rotated(NONCE)]);
    settings.given([rotated(NONCE)]).when({ type: 'RotateCalendarFeed', data: { studio: 'pochta', nonce: NONCE, tokenHash: 'a'.repeat(64) } }).then([]);
  });
});

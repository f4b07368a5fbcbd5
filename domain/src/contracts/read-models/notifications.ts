/** Each studio's notification settings (docs/notifications.md); a studio never set has no row. */
export interface NotificationsTables {
  studio_notification_settings: {
    studio: string;
    /** The staff chat its alerts go to; null: none. */
    telegram_chat_id: string | null;
    /** What its calendar feed's token is derived from (with the server's secret); null: the initial token. */
    feed_nonce: string | null;
    updated_at: Date;
  };
}

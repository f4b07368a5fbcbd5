import type { OutboxChannel } from '@studio/domain';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { SectionPage } from '../ui/SectionPage';
import { outboxErrorText, outboxQuery, type OutboxFilter } from './api';
import '../ui/field.css';
import './dev.css';

const CHANNEL_LABELS: Record<OutboxChannel, string> = { sms: 'SMS', email: 'E-mail', telegram: 'Telegram' };

const timeText = (iso: string) => new Intl.DateTimeFormat('ru-RU', { dateStyle: 'short', timeStyle: 'medium', timeZone: 'Asia/Tomsk' }).format(new Date(iso));

/**
 * /dev/outbox, for development only (not in the site's navigation): the SMS and e-mails the
 * sandboxes "sent" (the passwords of accounts opened at booking, booking confirmations), newest
 * first, filtered by phone or e-mail.
 */
export default function OutboxPage() {
  const [filter, setFilter] = useState<OutboxFilter>({ channel: '', to: '' });
  const [draft, setDraft] = useState<OutboxFilter>(filter);
  const { data, isPending, isError, error } = useQuery(outboxQuery(filter));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFilter({ channel: draft.channel, to: draft.to.trim() });
  };

  return (
    <SectionPage eyebrow="Разработка" title="Отправленные сообщения" lead="SMS, письма и оповещения в Telegram, которые песочница отправила вместо настоящих провайдеров. Новые появляются сами.">
      <form className="outbox__filter" onSubmit={submit} role="search">
        <div className="field">
          <label htmlFor="outbox-to">Телефон или email</label>
          <input id="outbox-to" type="search" maxLength={254} placeholder="+7 999 123-45-67" value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
        </div>
        <div className="field">
          <label htmlFor="outbox-channel">Канал</label>
          <select id="outbox-channel" value={draft.channel} onChange={(e) => setDraft({ ...draft, channel: e.target.value as OutboxFilter['channel'] })}>
            <option value="">Все</option>
            <option value="sms">SMS</option>
            <option value="email">E-mail</option>
            <option value="telegram">Telegram</option>
          </select>
        </div>
        <button type="submit" className="button">
          Показать
        </button>
      </form>

      {isPending && <p role="status">Загружаем сообщения…</p>}
      {isError && (
        <p className="outbox__error" role="alert">
          {outboxErrorText(error)}
        </p>
      )}
      {data && data.length === 0 && <p className="outbox__empty">Сообщений нет{filter.to ? ` для «${filter.to}»` : ''}.</p>}
      {data && data.length > 0 && (
        <ol className="outbox__list" aria-label="Сообщения">
          {data.map((message) => (
            <li key={message.id} className="outbox__message" data-testid="outbox-message">
              <p className="outbox__meta">
                <span className={`outbox__channel outbox__channel--${message.channel}`}>{CHANNEL_LABELS[message.channel]}</span>
                <span className="outbox__recipient">{message.recipient}</span>
                <time dateTime={message.created_at}>{timeText(message.created_at)}</time>
              </p>
              {message.subject && <p className="outbox__subject">{message.subject}</p>}
              <pre className="outbox__body">{message.body}</pre>
              {message.attachments?.map((file) => (
                <p key={file.filename}>
                  Вложение: {file.filename}
                </p>
              ))}
            </li>
          ))}
        </ol>
      )}
    </SectionPage>
  );
}

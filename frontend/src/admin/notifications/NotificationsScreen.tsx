import { STUDIO_NAMES, STUDIOS, type Studio } from '@studio/domain';
import { useId, useState, type FormEvent } from 'react';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { ListStates } from '../../ui/ListStates';
import { OutcomeNotice, type Outcome } from '../StaffListParts';
import { reasonOf, useStaffList } from '../staff-list';
import { fetchNotifications, NOTIFICATIONS_MESSAGES, notificationsKey, rotateFeed, saveTelegramChat } from './api';
import '../staff-list.css';
import './notifications.css';

/**
 * The «Уведомления» tab (docs/notifications.md): each studio's secret calendar feed for staff, with
 * a copy button and its rotation, and the Telegram chat its staff alerts go to.
 */
export function NotificationsScreen() {
  const { query, written } = useStaffList(notificationsKey, fetchNotifications);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const data = query.data;
  return (
    <div className="staff-list">
      <h2 className="admin__screen-title">Уведомления</h2>
      <p className="staff-list__muted">
        Календарь студии можно подписать в Google, Apple или Яндекс Календаре: адрес секретный, он один открывает календарь. Оповещения о новых бронированиях, отменах и переносах
        приходят в чат сотрудников в Telegram.
      </p>
      <OutcomeNotice outcome={outcome} />
      <ListStates loading={query.isPending} failure={query.error ? { title: NOTIFICATIONS_MESSAGES.loadFailed, detail: reasonOf(query.error) } : null} onRetry={() => void query.refetch()} empty={null}>
        {data &&
          STUDIOS.map((studio) => (
            <StudioNotifications
              key={studio}
              studio={studio}
              feedUrl={data.feeds.find((feed) => feed.studio === studio)?.url ?? ''}
              chatId={data.settings.find((setting) => setting.studio === studio)?.telegramChatId ?? null}
              onOutcome={(next) => {
                setOutcome(next);
                if (!next.failed) written();
              }}
            />
          ))}
      </ListStates>
    </div>
  );
}

function StudioNotifications({ studio, feedUrl, chatId, onOutcome }: { studio: Studio; feedUrl: string; chatId: string | null; onOutcome: (outcome: NonNullable<Outcome>) => void }) {
  const id = useId();
  const [asking, setAsking] = useState(false);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const [chat, setChat] = useState(chatId ?? '');
  const [saving, setSaving] = useState(false);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(feedUrl);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  const rotate = async () => {
    setAsking(false);
    try {
      await rotateFeed(studio);
      setCopied(null);
      onOutcome({ failed: false, text: `${STUDIO_NAMES[studio]}: ${NOTIFICATIONS_MESSAGES.rotated}` });
    } catch (error) {
      onOutcome({ failed: true, text: `${NOTIFICATIONS_MESSAGES.rotateFailed}: ${reasonOf(error)}` });
    }
  };
  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      const { settings } = await saveTelegramChat(studio, chat);
      setChat(settings.telegramChatId ?? '');
      onOutcome({ failed: false, text: `${STUDIO_NAMES[studio]}: ${settings.telegramChatId ? NOTIFICATIONS_MESSAGES.chatSaved : NOTIFICATIONS_MESSAGES.chatCleared}` });
    } catch (error) {
      onOutcome({ failed: true, text: `${NOTIFICATIONS_MESSAGES.chatFailed}: ${reasonOf(error)}` });
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="admin__box anotif__studio" aria-labelledby={`${id}-title`} data-testid={`notifications-${studio}`}>
      <h3 id={`${id}-title`} className="staff-list__title">
        {STUDIO_NAMES[studio]}
      </h3>
      <div className="field">
        <label htmlFor={`${id}-feed`}>Календарь для сотрудников</label>
        <div className="anotif__row">
          <input id={`${id}-feed`} readOnly value={feedUrl} onFocus={(event) => event.target.select()} />
          <button type="button" className="acal-button" onClick={() => void copy()}>
            Копировать
          </button>
          <button type="button" className="acal-button acal-button--ghost" onClick={() => setAsking(true)}>
            Сменить адрес
          </button>
        </div>
        {copied && (
          <p className={copied === 'yes' ? 'anotif__note' : 'field__error'} role={copied === 'yes' ? 'status' : 'alert'}>
            {copied === 'yes' ? NOTIFICATIONS_MESSAGES.copied : NOTIFICATIONS_MESSAGES.copyFailed}
          </p>
        )}
      </div>
      <form className="field" onSubmit={(event) => void save(event)} aria-busy={saving}>
        <label htmlFor={`${id}-chat`}>Чат сотрудников в Telegram</label>
        <div className="anotif__row">
          <input id={`${id}-chat`} value={chat} maxLength={40} placeholder="-1001234567890 или @канал" onChange={(event) => setChat(event.target.value)} />
          <button type="submit" className="acal-button" disabled={saving}>
            {saving ? 'Сохранение…' : 'Сохранить'}
          </button>
        </div>
        <p className="staff-list__muted">Числовой id чата (у группы он отрицательный) или @имя канала; бот должен быть добавлен в чат. Пусто — оповещения не отправляются.</p>
      </form>
      <ConfirmDialog
        isOpen={asking}
        question={`Сменить адрес календаря студии «${STUDIO_NAMES[studio]}»?`}
        detail="Старый адрес перестанет работать: календари, подписанные на него, нужно будет подписать заново."
        confirmLabel="Сменить адрес"
        onConfirm={() => void rotate()}
        onCancel={() => setAsking(false)}
      />
    </section>
  );
}

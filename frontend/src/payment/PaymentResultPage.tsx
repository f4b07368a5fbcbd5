import { BOOKED_FORMAT_LABELS, type BookedRange, formatRoubles, isBuyersView, type PaymentIntentAnswer, phoneText } from '@studio/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { SectionPage } from '../ui/SectionPage';
import { fetchBookingsByPayment, fetchIntent, syncIntent } from './api';
import { paidText } from './paid-text';
import { cancellationText, FIRST_SYNC_MS, isFinal, keepsPolling, POLL_MS, STATUS_LABELS, syncsOnTick } from './polling';
import './payment.css';

const BOOKING_STATUS: Record<BookedRange['status'], string> = { pending: 'Ожидает подтверждения', confirmed: 'Подтверждена', completed: 'Завершена', canceled: 'Отменена' };

const dayLabel = (date: string) =>
  new Intl.DateTimeFormat('ru-RU', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

/** /payment/success?intent=…: what became of the payment, checked until it settles. */
export default function PaymentResultPage() {
  const [params] = useSearchParams();
  const intentId = params.get('intent');
  return (
    <SectionPage eyebrow="Оплата" title="Результат оплаты" lead="Проверяем статус платежа и бронирования.">
      {intentId ? <PaymentResult key={intentId} intentId={intentId} /> : <p className="payment__error" role="alert">Не передан идентификатор платежа</p>}
    </SectionPage>
  );
}

function usePaymentStatus(intentId: string) {
  const [intent, setIntent] = useState<PaymentIntentAnswer | null>(null);
  const [bookings, setBookings] = useState<BookedRange[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const alive = useRef(true);

  const load = useCallback(
    async (sync: boolean): Promise<PaymentIntentAnswer | null> => {
      try {
        if (sync) await syncIntent(intentId);
        const next = await fetchIntent(intentId);
        if (!alive.current) return null;
        setIntent(next);
        setError(null);
        if (isFinal(next.status) && next.payment_id) {
          const rows = await fetchBookingsByPayment(next.payment_id).catch(() => null);
          if (alive.current && rows) setBookings(rows);
        }
        return next;
      } catch (failure) {
        if (alive.current) setError(failure instanceof Error ? failure.message : 'Ошибка получения интента');
        return null;
      }
    },
    [intentId],
  );

  useEffect(() => {
    alive.current = true;
    const timers: ReturnType<typeof setTimeout>[] = [];
    let tick = 0;
    let settled = false;
    const poll = () => {
      timers.push(
        setTimeout(async () => {
          tick += 1;
          const next = await load(syncsOnTick(tick));
          if (!next || !keepsPolling(next)) settled = true;
          else if (!settled) poll();
        }, POLL_MS),
      );
    };
    void load(false).then((first) => {
      // A failed first read stops here: the page shows the error and the refresh button.
      if (!first || !keepsPolling(first) || !alive.current) return;
      if (first.status === 'pending') {
        timers.push(
          setTimeout(() => {
            if (!settled) void load(true).then((next) => (settled ||= !next || !keepsPolling(next)));
          }, FIRST_SYNC_MS),
        );
      }
      poll();
    });
    return () => {
      alive.current = false;
      settled = true;
      timers.forEach(clearTimeout);
    };
  }, [load]);

  const refresh = async () => {
    setBusy(true);
    await load(true);
    setBusy(false);
  };
  return { intent, bookings, error, busy, refresh };
}

function PaymentResult({ intentId }: { intentId: string }) {
  const { intent, bookings, error, busy, refresh } = usePaymentStatus(intentId);
  const final = intent ? isFinal(intent.status) : false;

  return (
    <div className="payment">
      {!intent && !error && <p role="status">Загружаем данные платежа…</p>}
      {error && (
        <p className="payment__error" role="alert">
          {error}
        </p>
      )}
      {intent && (
        <>
          <p className={`status-chip status-chip--${intent.status}`} data-testid="payment-status">
            {STATUS_LABELS[intent.status]}
          </p>
          {intent.status === 'succeeded' && <p className="payment__lead">{paidText(intent)}</p>}
          {intent.status === 'canceled' && <p className="payment__lead">Платёж не прошёл: {cancellationText(intent.cancellation_reason)}. Время освобождено — можно забронировать снова.</p>}
          {!final && <p className="payment__lead">Ждём подтверждения от платёжной системы — страница обновится сама.</p>}
          {intent.status === 'succeeded' && isBuyersView(intent) && intent.account_created && intent.account_login && (
            <AccountCreated login={intent.account_login} newBooking={bookings?.[0] ? `/${bookings[0].studio}/booking` : '/'} />
          )}

          <div className="payment__panels">
            <section className="payment__panel" aria-label="Платёж">
              <h2>Платёж</h2>
              <dl>
                <Row term="Номер платежа" value={intent.payment_id ?? '—'} />
                <Row term="Идентификатор" value={intent.id} />
                <Row term="Первый платёж" value={formatRoubles(intent.total_price)} />
                <Row
                  term="Статус"
                  value={`${STATUS_LABELS[intent.status]}, оплачено ${intent.full_price > 0 ? Math.round((intent.paid_amount / intent.full_price) * 100) : 0}%`}
                  testId="payment-paid"
                />
                {/* The customer's contact data comes only to the buyer's browser or account, and to staff. */}
                {isBuyersView(intent) && (
                  <>
                    <Row term="Имя" value={intent.user_name} />
                    <Row term="Телефон" value={phoneText(intent.user_phone)} />
                    <Row term="Email" value={intent.user_email} />
                  </>
                )}
                <Row term="Итого" value={formatRoubles(intent.full_price)} />
              </dl>
            </section>
            {bookings && bookings.length > 0 && <BookingPanel bookings={bookings} />}
          </div>
        </>
      )}
      <div className="section-page__actions">
        {!final && (
          <button type="button" className="button button--ghost" disabled={busy} onClick={() => void refresh()}>
            {busy ? 'Проверяем…' : 'Обновить статус'}
          </button>
        )}
        <Link className="button" to="/dashboard">
          В личный кабинет
        </Link>
        <Link className="button button--ghost" to="/">
          На главную
        </Link>
      </div>
    </div>
  );
}

/** docs/booking.md#what-it-does's success screen, for a guest whose paid booking opened an account: the phone is the login, the password came by SMS. */
function AccountCreated({ login, newBooking }: { login: string; newBooking: string }) {
  return (
    <section className="payment__account" aria-labelledby="account-created" data-testid="account-created">
      <h2 id="account-created">Аккаунт создан</h2>
      <p>
        Логин — ваш телефон: <strong>{phoneText(login)}</strong>
      </p>
      <p>Пароль отправлен по SMS на этот номер. С ним можно войти в личный кабинет и следить за бронированиями.</p>
      <div className="payment__account-actions">
        <Link className="button" to="/login">
          Войти
        </Link>
        <Link className="button button--ghost" to={newBooking}>
          Новое бронирование
        </Link>
      </div>
    </section>
  );
}

function Row({ term, value, testId }: { term: string; value: string; testId?: string }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}

function BookingPanel({ bookings }: { bookings: BookedRange[] }) {
  const byDate = new Map<string, BookedRange[]>();
  for (const row of [...bookings].sort((a, b) => (a.date + a.time_start).localeCompare(b.date + b.time_start))) byDate.set(row.date, [...(byDate.get(row.date) ?? []), row]);
  return (
    <section className="payment__panel" aria-label="Бронирование">
      <h2>Бронирование</h2>
      {[...byDate].map(([date, rows]) => (
        <div key={date} className="payment__day">
          <h3>{dayLabel(date)}</h3>
          <ul>
            {rows.map((row) => (
              <li key={row.id + row.time_start} data-testid="booked-range">
                <span className="payment__time">
                  {row.time_start}–{row.time_end}
                </span>
                <span>
                  {BOOKED_FORMAT_LABELS[row.shooting_format]}
                  {row.photographer_name ? `, ${row.photographer_name}` : ''}
                  {row.services.length > 0 ? ` · ${row.services.map((s) => s.name).join(', ')}` : ''}
                </span>
                <span className="payment__booking-status">{BOOKING_STATUS[row.status]}</span>
              </li>
            ))}
          </ul>
        </div>
      ))}
      <p className="payment__total">
        Стоимость брони: <strong>{formatRoubles(bookings[0]!.total_price)}</strong>
      </p>
    </section>
  );
}

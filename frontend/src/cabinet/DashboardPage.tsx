import { authUserSchema, phoneText, type UserBookingRow } from '@studio/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { postLogout } from '../accounts';
import { SIGNED_IN_USER_KEY, useSignedInUser } from '../session/use-signed-in-user';
import { clearUser, readUser } from '../session/user';
import { ListStates } from '../ui/ListStates';
import { SectionPage } from '../ui/SectionPage';
import { ApiError } from '../api/client';
import { CABINET_MESSAGES, cancelBooking, payRest } from './api';
import { useChangeOptions } from './use-change-options';
import { BookingCard } from './BookingCard';
import { BookingDialog, type Outcome } from './BookingDialog';
import { PhoneVerification } from './PhoneVerification';
import { classifyBookings, HISTORY_PREVIEW } from './classify';
import { registeredOn } from './format';
import { boundedPoll, watchesForChanges } from './polling';
import { useUserBookings } from './use-user-bookings';
import { WaitlistSection } from './WaitlistSection';
import '../ui/facts.css';
import './cabinet.css';
import '../ui/outcome.css';

/** What the stored user holds; a copy written before the profile existed may lack all but the id. */
const storedUserSchema = authUserSchema.partial().required({ id: true });
type StoredAccount = ReturnType<typeof storedUserSchema.parse>;

/** /dashboard: the customer's bookings and what can be done with them (docs/cabinet.md#what-it-does). */
export default function DashboardPage() {
  const stored = storedUserSchema.safeParse(readUser());
  if (!stored.success) return <Navigate to="/login" replace />;
  return <Cabinet user={stored.data} />;
}

const rowKey = (row: Pick<UserBookingRow, 'id' | 'date'>) => `${row.id}:${row.date}`;

function Cabinet({ user }: { user: StoredAccount }) {
  const navigate = useNavigate();
  // What a page that sent the customer back here has to say (a reschedule done).
  const notice = (useLocation().state as { notice?: string } | null)?.notice;
  const bookings = useUserBookings(user.id);
  const { reload } = bookings;
  // The stored copy may be older than the verification: the server's answer says whether it is due.
  const signedIn = useSignedInUser().user;
  const queryClient = useQueryClient();
  const [openKey, setOpenKey] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const signedOut = bookings.error instanceof ApiError && bookings.error.status === 401;
  useEffect(() => {
    // The session is gone (expired, or signed out elsewhere): the stored copy no longer stands for anyone.
    if (!signedOut) return;
    clearUser();
    navigate('/login', { replace: true });
  }, [signedOut, navigate]);

  const rows = useMemo(() => bookings.data ?? [], [bookings.data]);
  const sections = useMemo(() => classifyBookings(rows, new Date()), [rows]);
  const openRow = rows.find((row) => rowKey(row) === openKey) ?? null;
  const groupDates = openRow?.group_id ? rows.filter((row) => row.group_id === openRow.group_id).length : 1;
  const changeOptions = useChangeOptions(openRow?.can_cancel ? openRow.id : null);

  const watching = openRow !== null && watchesForChanges(openRow);
  useEffect(() => {
    if (!watching) return;
    return boundedPoll(() => void reload());
  }, [watching, openKey, reload]);

  const logout = async () => {
    await postLogout();
    clearUser();
    navigate('/login');
  };

  const open = (row: UserBookingRow) => {
    setOutcome(null);
    setOpenKey(rowKey(row));
  };

  async function act(run: () => Promise<void>, fallback: string) {
    setBusy(true);
    setOutcome(null);
    try {
      await run();
    } catch (failure) {
      setOutcome({ ok: false, text: failure instanceof ApiError ? failure.message : fallback });
    } finally {
      setBusy(false);
    }
  }

  const onPayRest = ({ payment_id: paymentId }: UserBookingRow) => {
    if (!paymentId) return setOutcome({ ok: false, text: CABINET_MESSAGES.noPayment });
    void act(async () => {
      const confirmationUrl = await payRest(paymentId);
      if (confirmationUrl) window.location.assign(confirmationUrl);
      else await reload();
    }, CABINET_MESSAGES.payRestFailed);
  };

  const onConfirmCancel = (row: UserBookingRow, refund: number) => {
    setConfirming(false);
    void act(async () => {
      try {
        await cancelBooking(row.id, refund);
      } finally {
        // Refused for a quote that changed meanwhile: the dialog shows the new one.
        void changeOptions.refetch();
      }
      setOutcome({ ok: true, text: CABINET_MESSAGES.canceled });
      await reload();
    }, CABINET_MESSAGES.cancelFailed);
  };

  /** «Перенести»: the studio's calendar in reschedule mode (docs/change-policy.md). */
  const onReschedule = (row: UserBookingRow) => navigate(`/${row.studio}/reschedule?booking=${encodeURIComponent(row.id)}`);

  const fullName = [user.name, user.surname].filter(Boolean).join(' ');
  const registered = registeredOn(user.created_at);
  return (
    <>
      <SectionPage
        bar={
          <button type="button" className="pill-link logout-button" onClick={() => void logout()}>
            Выйти
          </button>
        }
        eyebrow="Личный кабинет"
        title={fullName ? `Здравствуйте, ${fullName}` : 'Личный кабинет'}
        lead="Ваши брони, оплаты и история съёмок."
      >
        {notice && (
          <p className="outcome" role="status">
            {notice}
          </p>
        )}
        <section className="cabinet-profile" aria-label="Профиль">
          <dl className="facts">
            {user.phone && (
              <div>
                <dt>Телефон</dt>
                <dd data-testid="profile-phone">{phoneText(user.phone)}</dd>
              </div>
            )}
            {user.email && (
              <div>
                <dt>Email</dt>
                <dd>{user.email}</dd>
              </div>
            )}
            {registered && (
              <div>
                <dt>С нами с</dt>
                <dd>{registered}</dd>
              </div>
            )}
          </dl>
          <div className="section-page__actions">
            <Link className="pill-link" to="/profile">
              Редактировать профиль
            </Link>
            <Link className="button" to="/">
              Новая бронь
            </Link>
          </div>
        </section>

        {signedIn?.phone_verified === false && (
          <PhoneVerification
            phone={signedIn.phone}
            onVerified={(verified) => {
              queryClient.setQueryData(SIGNED_IN_USER_KEY, verified);
              // The guest bookings made with the phone are the customer's now.
              void reload();
            }}
          />
        )}

        <ListStates
          loading={bookings.isPending && !signedOut}
          loadingText="Загружаем ваши брони…"
          failure={bookings.isError && !signedOut ? { detail: bookings.error instanceof ApiError ? bookings.error.message : CABINET_MESSAGES.loadFailed } : null}
          onRetry={() => void reload()}
          empty={null}
        >
        {bookings.isSuccess && (
          <>
            <BookingSection title="Активные бронирования" rows={sections.active} onOpen={open} showCount>
              <div className="empty-state">
                <p>У вас пока нет активных бронирований.</p>
                <Link className="button" to="/">
                  Забронировать
                </Link>
              </div>
            </BookingSection>
            {sections.unpaid.length > 0 && <BookingSection title="Неоплаченные" rows={sections.unpaid} onOpen={open} showCount />}
            {sections.history.length > 0 && <History rows={sections.history} onOpen={open} />}
          </>
        )}
        </ListStates>
        {!signedOut && <WaitlistSection />}
      </SectionPage>

      <BookingDialog
        row={openRow}
        groupDates={groupDates}
        busy={busy}
        outcome={outcome}
        confirming={confirming}
        options={changeOptions.data}
        optionsError={changeOptions.error ? (changeOptions.error as Error).message : null}
        onClose={() => {
          setConfirming(false);
          setOpenKey(null);
        }}
        onPayRest={onPayRest}
        onReschedule={() => openRow && onReschedule(openRow)}
        onAskCancel={() => setConfirming(true)}
        onKeep={() => setConfirming(false)}
        onCancel={onConfirmCancel}
      />
    </>
  );
}

interface SectionProps {
  title: string;
  rows: UserBookingRow[];
  onOpen: (row: UserBookingRow) => void;
  showCount?: boolean;
  /** Shown instead of the list when it is empty. */
  children?: ReactNode;
}

function BookingSection({ title, rows, onOpen, showCount, children }: SectionProps) {
  const id = useId();
  return (
    <section className="cabinet-section" aria-labelledby={id}>
      <h2 id={id}>
        {title}
        {showCount && <span className="cabinet-section__count">{rows.length}</span>}
      </h2>
      {rows.length === 0 ? (
        children
      ) : (
        <ul className="cabinet-cards">
          {rows.map((row) => (
            <BookingCard key={rowKey(row)} row={row} onOpen={() => onOpen(row)} />
          ))}
        </ul>
      )}
    </section>
  );
}

function History({ rows, onOpen }: { rows: UserBookingRow[]; onOpen: (row: UserBookingRow) => void }) {
  const [expanded, setExpanded] = useState(false);
  const shown = expanded ? rows : rows.slice(0, HISTORY_PREVIEW);
  return (
    <div className="cabinet-history">
      <BookingSection title="История" rows={shown} onOpen={onOpen} />
      {rows.length > HISTORY_PREVIEW && (
        <button type="button" className="pill-link" aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
          {expanded ? 'Свернуть' : `Показать все (${rows.length})`}
        </button>
      )}
    </div>
  );
}

import { formatRoubles, type AdminBookingRow, type Studio } from '@studio/domain';
import { useState } from 'react';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { COMMAND_MESSAGES, addNote, deleteBooking, markTransferRestPaid, refundBooking } from './commands';
import type { RefundablePayment } from './payment-summary';
import { checkRefund, REFUND_MESSAGES } from './refund-form';
import { typedKopecks } from '../../ui/typed-amount';

interface Target {
  studio: Studio;
  row: AdminBookingRow;
  adminName: string;
  onWritten: () => void;
}

type Outcome = { ok: boolean; text: string } | null;

function OutcomeLine({ outcome }: { outcome: Outcome }) {
  if (!outcome) return null;
  return (
    <p className={outcome.ok ? 'outcome' : 'outcome outcome--error'} role={outcome.ok ? 'status' : 'alert'}>
      {outcome.text}
    </p>
  );
}


const messageOf = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);

/**
 * One staff write at a time and the line it ends with: `run` sends, says what came of it (the
 * write's text, none for a quiet success), and has the calendar read again (after a failure too,
 * since part may have been written).
 */
function useWrite(onWritten: Target['onWritten']) {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const run = async (write: () => Promise<string | null>, failure: (message: string) => string, fallback: string) => {
    setBusy(true);
    try {
      const text = await write();
      setOutcome(text ? { ok: true, text } : null);
      onWritten();
      return true;
    } catch (error) {
      setOutcome({ ok: false, text: failure(messageOf(error, fallback)) });
      onWritten();
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, outcome, refuse: (text: string) => setOutcome({ ok: false, text }), run };
}

/** An inline form's outcome and buttons: send (its busy label while sending) and, when it can be put away, cancel. */
function FormFooter({ outcome, busy, label, busyLabel, danger = false, onSubmit, onCancel }: { outcome: Outcome; busy: boolean; label: string; busyLabel: string; danger?: boolean; onSubmit: () => void; onCancel?: () => void }) {
  return (
    <>
      <OutcomeLine outcome={outcome} />
      <div className="acal-form__actions">
        <button type="button" className={danger ? 'acal-button acal-button--danger' : 'acal-button'} disabled={busy} onClick={onSubmit}>
          {busy ? busyLabel : label}
        </button>
        {onCancel && (
          <button type="button" className="acal-button acal-button--ghost" disabled={busy} onClick={onCancel}>
            Отмена
          </button>
        )}
      </div>
    </>
  );
}

const same = (message: string) => message;

/** The add-note editor under the notes (docs/admin-calendar.md#what-it-does): opens, takes a text, sends it. */
export function NoteEditor({ studio, row, adminName, onWritten }: Target) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const write = useWrite(onWritten);
  if (!open) {
    return (
      <button type="button" className="acal-refund__trigger" onClick={() => setOpen(true)}>
        Добавить заметку
      </button>
    );
  }
  const save = async () => {
    if (!text.trim()) return write.refuse(COMMAND_MESSAGES.noteEmpty);
    const saved = await write.run(
      async () => {
        await addNote(studio, row.id, text.trim(), adminName);
        return null;
      },
      same,
      COMMAND_MESSAGES.noteFailed,
    );
    if (!saved) return;
    setText('');
    setOpen(false);
  };
  return (
    <div className="acal-form">
      <label className="acal-form__field">
        <span>Новая заметка</span>
        <textarea value={text} rows={3} maxLength={2000} onChange={(event) => setText(event.target.value)} />
      </label>
      <FormFooter outcome={write.outcome} busy={write.busy} label="Сохранить заметку" busyLabel="Сохранение…" onSubmit={() => void save()} onCancel={() => setOpen(false)} />
    </div>
  );
}

/** The refund form inside the refund section: a payment with money left, the amount (the available by default). */
export function RefundForm({ studio, row, adminName, onWritten, payments }: Target & { payments: readonly RefundablePayment[] }) {
  const refundable = payments.filter((payment) => payment.available > 0);
  const [paymentId, setPaymentId] = useState(refundable[0]?.paymentId ?? '');
  const [amount, setAmount] = useState(String(refundable[0]?.available ?? ''));
  const write = useWrite(onWritten);
  if (refundable.length === 0) return <p className="acal-dialog__muted">{REFUND_MESSAGES.noneRefundable}</p>;
  const submit = () => {
    const check = checkRefund(payments, paymentId, amount);
    if (!check.ok) return write.refuse(check.message);
    void write.run(
      async () => {
        const answer = await refundBooking(studio, row.id, { paymentId: check.paymentId, amount: check.amount, adminName });
        return COMMAND_MESSAGES.refundSent(formatRoubles(answer.refund.amount), answer.refund.status);
      },
      same,
      REFUND_MESSAGES.failed,
    );
  };
  return (
    <div className="acal-form">
      <label className="acal-form__field">
        <span>Платёж</span>
        <select
          value={paymentId}
          onChange={(event) => {
            setPaymentId(event.target.value);
            setAmount(String(refundable.find((payment) => payment.paymentId === event.target.value)?.available ?? ''));
          }}
        >
          {refundable.map((payment) => (
            <option key={payment.paymentId} value={payment.paymentId}>
              {payment.label} {payment.paymentId.slice(0, 20)} — доступно {formatRoubles(payment.available)}
            </option>
          ))}
        </select>
      </label>
      <label className="acal-form__field">
        <span>Сумма возврата, ₽</span>
        <input value={amount} inputMode="decimal" onChange={(event) => setAmount(event.target.value)} />
      </label>
      <FormFooter outcome={write.outcome} busy={write.busy} label="Вернуть деньги" busyLabel="Возврат…" danger onSubmit={submit} />
    </div>
  );
}

/**
 * Delete with its question, and the extra warning when money came in: deleting does not send it
 * back. A card of several bookings (a multi-slot creation) deletes them in turn.
 */
export function DeleteAction({ studio, rows, onWritten }: Omit<Target, 'adminName' | 'row'> & { rows: readonly AdminBookingRow[] }) {
  const [asking, setAsking] = useState(false);
  const write = useWrite(onWritten);
  const paid = rows.some((row) => row.payments.some((payment) => payment.status === 'succeeded'));
  const confirm = () => {
    setAsking(false);
    void write.run(
      async () => {
        for (const row of rows) await deleteBooking(studio, row.id);
        return COMMAND_MESSAGES.deleted;
      },
      COMMAND_MESSAGES.deleteError,
      COMMAND_MESSAGES.deleteFailed,
    );
  };
  const ranges = rows.map((row) => `${row.time_start}–${row.time_end}`).join(', ');
  return (
    <>
      <button type="button" className="acal-button acal-button--danger" disabled={write.busy} onClick={() => setAsking(true)}>
        {write.busy ? 'Удаление…' : 'Удалить'}
      </button>
      <OutcomeLine outcome={write.outcome} />
      <ConfirmDialog
        isOpen={asking}
        question={rows.length > 1 ? `Удалить бронирования ${ranges}?` : `Удалить бронирование ${ranges}?`}
        {...(paid ? { detail: 'По этой брони прошла оплата. Удаление не возвращает деньги: сначала оформите возврат.' } : {})}
        confirmLabel="Да, удалить"
        onConfirm={confirm}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}

/** «Доплата переводом»: what is owed, or the amount typed, recorded as received by bank transfer. */
export function ExtraPayment({ studio, row, onWritten, outstanding }: Omit<Target, 'adminName'> & { outstanding: number }) {
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState(String(outstanding));
  const write = useWrite(onWritten);
  if (!open) {
    return (
      <>
        <button type="button" className="acal-refund__trigger" onClick={() => setOpen(true)}>
          Отметить доплату переводом
        </button>
        <OutcomeLine outcome={write.outcome} />
      </>
    );
  }
  const submit = async () => {
    const kopecks = typedKopecks(amount);
    if (!kopecks) return write.refuse(COMMAND_MESSAGES.badAmount);
    const paid = await write.run(
      async () => {
        const answer = await markTransferRestPaid(studio, row.id, (kopecks / 100).toFixed(2));
        return answer.message || COMMAND_MESSAGES.restPaid;
      },
      COMMAND_MESSAGES.restPaidError,
      COMMAND_MESSAGES.restPaidFailed,
    );
    if (paid) setOpen(false);
  };
  return (
    <div className="acal-form">
      <label className="acal-form__field">
        <span>Получено переводом, ₽</span>
        <input value={amount} inputMode="decimal" onChange={(event) => setAmount(event.target.value)} />
      </label>
      <FormFooter outcome={write.outcome} busy={write.busy} label="Подтвердить оплату" busyLabel="Сохранение…" onSubmit={() => void submit()} onCancel={() => setOpen(false)} />
    </div>
  );
}

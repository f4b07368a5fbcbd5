import { formatRoubles, type AdminBookingRow, type Studio } from '@studio/domain';
import { useState } from 'react';
import { ConfirmDialog } from '../../cabinet/ConfirmDialog';
import { COMMAND_MESSAGES, addNote, deleteBooking, refundBooking } from './commands';
import type { RefundablePayment } from './payment-summary';
import { checkRefund, REFUND_MESSAGES } from './refund-form';

/** What a write tells the calendar: its outcome line and the position the next read waits for. */
export interface Written {
  position: string | null;
}

interface Target {
  studio: Studio;
  row: AdminBookingRow;
  adminName: string;
  onWritten: (written: Written) => void;
}

type Outcome = { ok: boolean; text: string } | null;

function OutcomeLine({ outcome }: { outcome: Outcome }) {
  if (!outcome) return null;
  return (
    <p className={outcome.ok ? 'cabinet-outcome' : 'cabinet-outcome cabinet-outcome--error'} role={outcome.ok ? 'status' : 'alert'}>
      {outcome.text}
    </p>
  );
}

const messageOf = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);

/** The add-note editor under the notes (admin-backoffice §2): opens, takes a text, sends it. */
export function NoteEditor({ studio, row, adminName, onWritten }: Target) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  if (!open) {
    return (
      <button type="button" className="acal-refund__trigger" onClick={() => setOpen(true)}>
        Добавить заметку
      </button>
    );
  }
  const save = async () => {
    if (!text.trim()) return setOutcome({ ok: false, text: COMMAND_MESSAGES.noteEmpty });
    setBusy(true);
    try {
      const answer = await addNote(studio, row.id, text.trim(), adminName);
      setText('');
      setOpen(false);
      setOutcome(null);
      onWritten({ position: answer.position });
    } catch (error) {
      setOutcome({ ok: false, text: messageOf(error, COMMAND_MESSAGES.noteFailed) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="acal-form">
      <label className="acal-form__field">
        <span>Новая заметка</span>
        <textarea value={text} rows={3} maxLength={2000} onChange={(event) => setText(event.target.value)} />
      </label>
      <OutcomeLine outcome={outcome} />
      <div className="acal-form__actions">
        <button type="button" className="acal-button" disabled={busy} onClick={() => void save()}>
          {busy ? 'Сохранение…' : 'Сохранить заметку'}
        </button>
        <button type="button" className="acal-button acal-button--ghost" disabled={busy} onClick={() => setOpen(false)}>
          Отмена
        </button>
      </div>
    </div>
  );
}

/** The refund form inside the refund section: a payment with money left, the amount (the available by default). */
export function RefundForm({ studio, row, adminName, onWritten, payments }: Target & { payments: readonly RefundablePayment[] }) {
  const refundable = payments.filter((payment) => payment.available > 0);
  const [paymentId, setPaymentId] = useState(refundable[0]?.paymentId ?? '');
  const [amount, setAmount] = useState(String(refundable[0]?.available ?? ''));
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  if (refundable.length === 0) return <p className="acal-dialog__muted">{REFUND_MESSAGES.noneRefundable}</p>;
  const submit = async () => {
    const check = checkRefund(payments, paymentId, amount);
    if (!check.ok) return setOutcome({ ok: false, text: check.message });
    setBusy(true);
    try {
      const answer = await refundBooking(studio, row.id, { paymentId: check.paymentId, amount: check.amount, adminName });
      setOutcome({ ok: true, text: COMMAND_MESSAGES.refundSent(formatRoubles(answer.refund.amount), answer.refund.status) });
      onWritten({ position: answer.position });
    } catch (error) {
      setOutcome({ ok: false, text: messageOf(error, REFUND_MESSAGES.failed) });
    } finally {
      setBusy(false);
    }
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
      <OutcomeLine outcome={outcome} />
      <div className="acal-form__actions">
        <button type="button" className="acal-button acal-button--danger" disabled={busy} onClick={() => void submit()}>
          {busy ? 'Возврат…' : 'Вернуть деньги'}
        </button>
      </div>
    </div>
  );
}

/** Delete with its question, and the extra warning when money came in: deleting does not send it back. */
export function DeleteAction({ studio, row, onWritten, paid }: Omit<Target, 'adminName'> & { paid: boolean }) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const confirm = async () => {
    setAsking(false);
    setBusy(true);
    try {
      const answer = await deleteBooking(studio, row.id);
      setOutcome({ ok: true, text: answer.message || COMMAND_MESSAGES.deleted });
      onWritten({ position: answer.position });
    } catch (error) {
      setOutcome({ ok: false, text: COMMAND_MESSAGES.deleteError(messageOf(error, COMMAND_MESSAGES.deleteFailed)) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" className="acal-button acal-button--danger" disabled={busy} onClick={() => setAsking(true)}>
        {busy ? 'Удаление…' : 'Удалить'}
      </button>
      <OutcomeLine outcome={outcome} />
      <ConfirmDialog
        isOpen={asking}
        question={`Удалить бронирование ${row.time_start}–${row.time_end}?`}
        {...(paid ? { detail: 'По этой брони прошла оплата. Удаление не возвращает деньги: сначала оформите возврат.' } : {})}
        confirmLabel="Да, удалить"
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}

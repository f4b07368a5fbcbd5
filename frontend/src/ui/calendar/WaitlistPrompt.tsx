import type { Studio, WaitlistJoinAnswer } from '@studio/domain';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { callApi, reasonOr, typedOnly } from '../../api/client';
import type { TakenRange } from './taken-range';
import { dayLabel } from './labels';

type Phase = { kind: 'asking' } | { kind: 'sending' } | { kind: 'joined' } | { kind: 'failed'; message: string };

/**
 * A taken range a signed-in customer clicked: «Сообщить, если освободится» joins its waitlist
 * (POST /api/waitlist, docs/waitlist.md). Typed only, not parsed, to keep the booking page's bundle small.
 */
export function WaitlistPrompt({ studio, range, onClose }: { studio: Studio; range: TakenRange; onClose: () => void }) {
  const [phase, setPhase] = useState<Phase>({ kind: 'asking' });
  const ref = useRef<HTMLDivElement>(null);
  const key = `${range.date}|${range.start}|${range.end}`;
  useEffect(() => {
    setPhase({ kind: 'asking' });
    ref.current?.focus();
  }, [key]);

  const join = async () => {
    setPhase({ kind: 'sending' });
    try {
      await callApi('POST', '/api/waitlist', typedOnly<WaitlistJoinAnswer>(), { body: { studio, date: range.date, time_start: range.start, time_end: range.end } });
      setPhase({ kind: 'joined' });
    } catch (error) {
      setPhase({ kind: 'failed', message: reasonOr(error, 'Не удалось встать в лист ожидания. Попробуйте ещё раз') });
    }
  };

  return (
    <div className="cal-waitlist" role="dialog" aria-label="Лист ожидания" tabIndex={-1} ref={ref} data-testid="waitlist-prompt">
      <p className="cal-waitlist__text">
        <strong>
          {dayLabel(range.date)}, {range.start}–{range.end}
        </strong>{' '}
        {phase.kind === 'joined' ? '— вы в листе ожидания. Пришлём SMS и письмо, если время освободится.' : 'занято.'}
      </p>
      {phase.kind === 'failed' && (
        <p className="cal-waitlist__error" role="alert">
          {phase.message}
        </p>
      )}
      <div className="cal-waitlist__actions">
        {phase.kind === 'joined' ? (
          <Link className="cal-waitlist__link" to="/dashboard">
            Мои записи в кабинете
          </Link>
        ) : (
          <button type="button" className="cal-waitlist__join" disabled={phase.kind === 'sending'} onClick={() => void join()}>
            {phase.kind === 'sending' ? 'Отправляем…' : 'Сообщить, если освободится'}
          </button>
        )}
        <button type="button" className="cal-waitlist__close" onClick={onClose}>
          Закрыть
        </button>
      </div>
    </div>
  );
}

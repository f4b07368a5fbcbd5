import type { ChangePolicyRequest, ChangePolicyView, Studio } from '@studio/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ReadStates } from '../../ui/ReadStates';
import { fetchPolicy, POLICY_MESSAGES, policyKey, savePolicy } from './api';
import './change-policy.css';

type Field = Exclude<keyof ChangePolicyRequest, 'studio'>;

const FIELDS: readonly { name: Field; label: string; hint: string }[] = [
  { name: 'free_cancel_hours', label: 'Бесплатная отмена, часов до начала', hint: 'Не позднее — возвращаем всё оплаченное' },
  { name: 'late_cancel_kept_percent', label: 'Удерживаем при поздней отмене, % стоимости', hint: 'Не больше оплаченного' },
  { name: 'free_reschedule_hours', label: 'Перенос возможен, часов до начала', hint: 'Позже клиент перенести не может' },
  { name: 'max_reschedules', label: 'Переносов на одну бронь', hint: '0 — студия не переносит' },
];

/**
 * The studio's change policy (docs/change-policy.md), super administrators only: the version in
 * force and its four numbers; saving makes the next version, which only bookings placed after it follow.
 */
export function ChangePolicyScreen({ studio }: { studio: Studio }) {
  const policy = useQuery({ queryKey: policyKey(studio), queryFn: ({ signal }) => fetchPolicy(studio, signal), staleTime: 0 });
  return (
    <section aria-label="Правила отмены и переноса">
      <h2>Правила отмены и переноса</h2>
      <ReadStates loading={policy.isPending} failure={policy.error && { detail: policy.error.message }} onRetry={() => void policy.refetch()}>
        {policy.data && <PolicyForm studio={studio} policy={policy.data} />}
      </ReadStates>
    </section>
  );
}

function PolicyForm({ studio, policy }: { studio: Studio; policy: ChangePolicyView }) {
  const client = useQueryClient();
  const [values, setValues] = useState<Record<Field, string>>(() => Object.fromEntries(FIELDS.map(({ name }) => [name, String(policy[name])])) as Record<Field, string>);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setOutcome(null);
    try {
      // The server checks each number and names the field it refuses.
      const body = { studio, ...Object.fromEntries(FIELDS.map(({ name }) => [name, Number(values[name])])) } as ChangePolicyRequest;
      const { policy: saved } = await savePolicy(body);
      client.setQueryData(policyKey(studio), saved);
      setOutcome({ ok: true, text: POLICY_MESSAGES.saved(saved.version) });
    } catch (error) {
      setOutcome({ ok: false, text: error instanceof Error ? error.message : POLICY_MESSAGES.saveFailed });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="apolicy__form" onSubmit={(event) => void submit(event)} noValidate>
      <p className="apolicy__version" data-testid="policy-version">
        Действует версия {policy.version}
      </p>
      {FIELDS.map(({ name, label, hint }) => (
        <label key={name} className="apolicy__field">
          <span>{label}</span>
          <input type="number" inputMode="numeric" min={0} name={name} value={values[name]} onChange={(event) => setValues((prev) => ({ ...prev, [name]: event.target.value }))} />
          <small>{hint}</small>
        </label>
      ))}
      <button type="submit" className="button" disabled={busy}>
        Сохранить новую версию
      </button>
      {outcome && (
        <p className={outcome.ok ? 'outcome' : 'outcome outcome--error'} role={outcome.ok ? 'status' : 'alert'}>
          {outcome.text}
        </p>
      )}
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { formatRoubles, type Photographer } from '@studio/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { OutcomeNotice, type Outcome } from '../StaffListParts';
import { ListStates } from '../../ui/ListStates';
import { reasonOf, useStaffList } from '../staff-list';
import { addPhotographer, fetchPhotographers, PHOTOGRAPHER_MESSAGES, photographersKey, removePhotographer, updatePhotographer } from './api';
import { photographerFields, photographerFormSchema, type PhotographerFormValues } from './photographer-form';
import { PhotographersDay } from './PhotographersDay';
import './photographers.css';

const messageOf = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);

/**
 * The photographers tab (docs/catalog.md#what-it-does «Photographers tab»): the list with an inline add
 * row and inline editing, removal after a question. The list is the studios' shared one.
 */
export function PhotographersScreen() {
  const { query: list, written: reread } = useStaffList(photographersKey, fetchPhotographers);
  const [editing, setEditing] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Photographer | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const written = (text: string) => {
    setOutcome({ failed: false, text });
    reread();
  };
  const remove = async (photographer: Photographer) => {
    setRemoving(null);
    try {
      await removePhotographer(photographer.id);
      written(`Фотограф «${photographer.name}» удалён`);
    } catch (error) {
      setOutcome({ failed: true, text: messageOf(error, PHOTOGRAPHER_MESSAGES.deleteFailed) });
    }
  };

  return (
    <div className="aphoto">
      <h2 className="admin__screen-title">Фотографы</h2>
      <p className="acal-dialog__muted">Общий список для всех студий; цена — за час съёмки.</p>
      <PhotographerForm key="new" label="Добавить фотографа" submitLabel="Добавить" onSaved={(name) => written(`Фотограф «${name}» добавлен`)} />
      <OutcomeNotice outcome={outcome} />
      <ListStates
        loading={list.isPending}
        failure={list.error ? { title: PHOTOGRAPHER_MESSAGES.loadFailed, detail: reasonOf(list.error) } : null}
        onRetry={() => void list.refetch()}
        empty={list.data?.length === 0 ? <p className="admin__empty">{PHOTOGRAPHER_MESSAGES.empty}</p> : null}
      >
        <ul className="aphoto__list" aria-label="Фотографы">
          {(list.data ?? []).map((photographer) => (
            <li key={photographer.id} className="aphoto__row" data-testid="photographer">
              {editing === photographer.id ? (
                <PhotographerForm
                  photographer={photographer}
                  label={`Изменить: ${photographer.name}`}
                  submitLabel="Сохранить"
                  onSaved={(name) => {
                    setEditing(null);
                    written(`Фотограф «${name}» обновлён`);
                  }}
                  onCancel={() => setEditing(null)}
                />
              ) : (
                <>
                  <span className="aphoto__name">{photographer.name}</span>
                  <span className="aphoto__price">{formatRoubles(photographer.price)} / час</span>
                  <span className="acal-form__actions">
                    <button type="button" className="acal-button acal-button--ghost" onClick={() => setEditing(photographer.id)}>
                      Изменить
                    </button>
                    <button type="button" className="acal-button acal-button--danger" onClick={() => setRemoving(photographer)}>
                      Удалить
                    </button>
                  </span>
                </>
              )}
            </li>
          ))}
        </ul>
      </ListStates>
      <ConfirmDialog
        isOpen={removing !== null}
        question={`Удалить фотографа «${removing?.name ?? ''}»?`}
        detail="Прошлые брони сохранят его имя; новые с ним оформить будет нельзя."
        confirmLabel="Да, удалить"
        onConfirm={() => removing && void remove(removing)}
        onCancel={() => setRemoving(null)}
      />
      <PhotographersDay />
    </div>
  );
}

interface FormProps {
  /** The one being edited; absent for the add row. */
  photographer?: Photographer;
  label: string;
  submitLabel: string;
  onSaved: (name: string) => void;
  onCancel?: () => void;
}

/** The inline add or edit row: name and price per hour (step 100), the spec's «Заполните все поля». */
function PhotographerForm({ photographer, label, submitLabel, onSaved, onCancel }: FormProps) {
  const form = useForm<PhotographerFormValues>({
    resolver: zodResolver(photographerFormSchema),
    defaultValues: { name: photographer?.name ?? '', price: photographer ? String(photographer.price) : '' },
  });
  const { errors, isSubmitting } = form.formState;
  const [failure, setFailure] = useState<string | null>(null);
  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    const fields = photographerFields(values);
    try {
      const answer = photographer ? await updatePhotographer(photographer.id, fields) : await addPhotographer(fields);
      if (!photographer) form.reset();
      onSaved(answer.data.name);
    } catch (error) {
      setFailure(messageOf(error, photographer ? PHOTOGRAPHER_MESSAGES.updateFailed : PHOTOGRAPHER_MESSAGES.createFailed));
    }
  });
  const problem = errors.name?.message ?? errors.price?.message ?? failure;
  const id = photographer?.id ?? 'new';
  return (
    <form className="aphoto__form admin__box" noValidate aria-label={label} onSubmit={(event) => void onSubmit(event)} aria-busy={isSubmitting}>
      <label className="acal-form__field">
        <span>Имя</span>
        <input id={`photographer-name-${id}`} maxLength={200} aria-invalid={Boolean(errors.name)} {...form.register('name')} />
      </label>
      <label className="acal-form__field">
        <span>Цена за час, ₽</span>
        <input id={`photographer-price-${id}`} type="number" min={0} step={100} inputMode="decimal" aria-invalid={Boolean(errors.price)} {...form.register('price')} />
      </label>
      <span className="acal-form__actions">
        <button type="submit" className="acal-button" disabled={isSubmitting}>
          {isSubmitting ? 'Сохранение…' : submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="acal-button acal-button--ghost" disabled={isSubmitting} onClick={onCancel}>
            Отмена
          </button>
        )}
      </span>
      {problem && (
        <p className="outcome outcome--error aphoto__problem" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}

import { STUDIO_NAMES, type Hall, type Studio } from '@studio/domain';
import { useRef, useState, type DragEvent } from 'react';
import { OutcomeNotice, type Outcome } from '../StaffListParts';
import { ListStates } from '../../ui/ListStates';
import { reasonOf, useStaffList } from '../staff-list';
import { deletePhoto, fetchHallForEdit, HALL_MESSAGES, saveHall } from './api';
import { acceptedPhotos, draftOf, moved, removedAt, savedBody, unusedUploads, type HallDraft } from './hall-draft';
import { usePhotoUploads, type PhotoUpload } from './use-photo-uploads';
import './hall.css';

/**
 * The hall tab (docs/catalog.md#what-it-does «Hall tab»): size, features, rules and photos of the studio
 * chosen in the panel (pochta and kirova share the screen, masterskaya has its own calls). Every
 * edit stays in the draft until «Сохранить»; uploads go to the server at once, but the hall shows
 * them only once saved.
 */
export function HallScreen({ studio }: { studio: Studio }) {
  const { query, written } = useStaffList(['admin-hall', studio], (signal) => fetchHallForEdit(studio, signal));
  // Held here: the saved hall read back remounts the editor, and «Данные зала сохранены» must outlive that.
  const [outcome, setOutcome] = useState<Outcome>(null);
  return (
    <div className="ahall">
      <h2 className="admin__screen-title">Зал — {STUDIO_NAMES[studio]}</h2>
      <ListStates
        loading={query.isPending}
        failure={query.error ? { title: HALL_MESSAGES.loadFailed, detail: reasonOf(query.error) } : null}
        onRetry={() => void query.refetch()}
        empty={null}
      >
        {query.data && <HallEditor key={JSON.stringify(query.data)} studio={studio} saved={query.data} onSaved={written} outcome={outcome} setOutcome={setOutcome} />}
      </ListStates>
    </div>
  );
}

interface HallEditorProps {
  studio: Studio;
  saved: Hall;
  onSaved: () => void;
  outcome: Outcome;
  setOutcome: (outcome: Outcome) => void;
}

function HallEditor({ studio, saved, onSaved, outcome, setOutcome }: HallEditorProps) {
  const [draft, setDraft] = useState<HallDraft>(() => draftOf(saved));
  const [saving, setSaving] = useState(false);
  const uploadedHere = useRef<string[]>([]);
  const change = (next: Partial<HallDraft>) => setDraft((current) => ({ ...current, ...next }));
  const { uploads, send, clearDone } = usePhotoUploads(studio, (filename) => {
    uploadedHere.current.push(filename);
    setDraft((current) => (current.photos.includes(filename) ? current : { ...current, photos: [...current.photos, filename] }));
  });
  const dirty = JSON.stringify(savedBody(draft)) !== JSON.stringify(savedBody(draftOf(saved)));

  const choose = (files: FileList | null) => {
    const { accepted, refused } = acceptedPhotos([...(files ?? [])]);
    setOutcome(refused.length ? { failed: true, text: HALL_MESSAGES.refusedFiles(refused.map((file) => file.name).join(', ')) } : null);
    if (accepted.length) send(accepted);
  };

  const save = async () => {
    setSaving(true);
    setOutcome(null);
    const body = savedBody(draft);
    try {
      const answer = await saveHall(studio, body);
      // Files no longer shown go once the hall without them is saved, never before.
      const unused = unusedUploads(saved.photos, uploadedHere.current, answer.data.photos);
      const failed = (await Promise.allSettled(unused.map((path) => deletePhoto(studio, path)))).filter((result) => result.status === 'rejected');
      setOutcome(failed.length ? { failed: true, text: `${HALL_MESSAGES.saved}. ${HALL_MESSAGES.deleteFailed}: ${failed.length}` } : { failed: false, text: HALL_MESSAGES.saved });
      onSaved();
    } catch (error) {
      setOutcome({ failed: true, text: `${HALL_MESSAGES.saveFailed}: ${reasonOf(error)}` });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      className="ahall__form"
      noValidate
      aria-label="Данные зала"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <label className="acal-form__field ahall__size">
        <span>Площадь зала</span>
        <input value={draft.hall_size} maxLength={100} onChange={(event) => change({ hall_size: event.target.value })} />
      </label>

      <fieldset className="ahall__group">
        <legend>Особенности</legend>
        <ul className="ahall__list">
          {draft.features.map((feature, index) => (
            <li key={index} className="ahall__item">
              <input aria-label={`Особенность ${index + 1}`} value={feature} maxLength={200} onChange={(event) => change({ features: draft.features.map((f, i) => (i === index ? event.target.value : f)) })} />
              <button type="button" className="acal-button acal-button--ghost" aria-label={`Убрать особенность ${index + 1}`} onClick={() => change({ features: removedAt(draft.features, index) })}>
                Убрать
              </button>
            </li>
          ))}
        </ul>
        <button type="button" className="acal-refund__trigger" onClick={() => change({ features: [...draft.features, ''] })}>
          Добавить особенность
        </button>
      </fieldset>

      <fieldset className="ahall__group">
        <legend>Правила</legend>
        <ol className="ahall__list">
          {draft.rules.map((rule, index) => (
            <li key={index} className="ahall__rule">
              <span className="ahall__number" aria-hidden="true">
                {index + 1}.
              </span>
              <input aria-label={`Правило ${index + 1}: заголовок`} placeholder="Заголовок" value={rule.title} maxLength={200} onChange={(event) => change({ rules: draft.rules.map((r, i) => (i === index ? { ...r, title: event.target.value } : r)) })} />
              <textarea
                aria-label={`Правило ${index + 1}: пояснение`}
                placeholder="Пояснение (необязательно)"
                rows={2}
                maxLength={1000}
                value={rule.description}
                onChange={(event) => change({ rules: draft.rules.map((r, i) => (i === index ? { ...r, description: event.target.value } : r)) })}
              />
              <button type="button" className="acal-button acal-button--ghost" aria-label={`Удалить правило ${index + 1}`} onClick={() => change({ rules: removedAt(draft.rules, index) })}>
                Удалить
              </button>
            </li>
          ))}
        </ol>
        <button type="button" className="acal-refund__trigger" onClick={() => change({ rules: [...draft.rules, { title: '', description: '' }] })}>
          Добавить правило
        </button>
      </fieldset>

      <fieldset className="ahall__group">
        <legend>Фотографии</legend>
        <Photos photos={draft.photos} onChange={(photos) => change({ photos })} />
        <label className="acal-button acal-button--ghost ahall__upload">
          Загрузить фото
          <input type="file" multiple accept="image/jpeg,image/png,image/heic,image/heif,.jpg,.jpeg,.png,.heic,.heif" onChange={(event) => {
            choose(event.currentTarget.files);
            event.currentTarget.value = '';
          }} />
        </label>
        <p className="acal-dialog__muted">JPEG, PNG, HEIC или HEIF до 25 МБ. Новые фото появятся на странице зала после сохранения.</p>
        <Uploads uploads={uploads} onClear={clearDone} />
      </fieldset>

      <OutcomeNotice outcome={outcome} />
      <div className="acal-form__actions ahall__actions">
        <button type="submit" className="acal-button" disabled={saving}>
          {saving ? 'Сохранение…' : 'Сохранить'}
        </button>
        <button type="button" className="acal-button acal-button--ghost" disabled={saving || !dirty} onClick={() => setDraft(draftOf(saved))}>
          Отменить изменения
        </button>
        {dirty && <span className="ahall__dirty">Есть несохранённые изменения</span>}
      </div>
    </form>
  );
}

/** The photos in their order: drag one onto another's place, or step it left and right; remove from the hall. */
function Photos({ photos, onChange }: { photos: readonly string[]; onChange: (photos: string[]) => void }) {
  const dragged = useRef<number | null>(null);
  if (photos.length === 0) return <p className="acal-dialog__muted">Фотографий пока нет.</p>;
  const drop = (index: number) => (event: DragEvent) => {
    event.preventDefault();
    if (dragged.current !== null) onChange(moved(photos, dragged.current, index));
    dragged.current = null;
  };
  return (
    <ol className="ahall__photos" aria-label="Порядок фотографий">
      {photos.map((photo, index) => (
        <li
          key={photo}
          className="ahall__photo"
          draggable
          data-testid="hall-photo"
          onDragStart={() => (dragged.current = index)}
          onDragOver={(event) => event.preventDefault()}
          onDrop={drop(index)}
        >
          <img src={photo} alt={`Фото ${index + 1}`} loading="lazy" />
          <span className="ahall__photo-actions">
            <button type="button" aria-label={`Фото ${index + 1} левее`} disabled={index === 0} onClick={() => onChange(moved(photos, index, index - 1))}>
              ←
            </button>
            <button type="button" aria-label={`Фото ${index + 1} правее`} disabled={index === photos.length - 1} onClick={() => onChange(moved(photos, index, index + 1))}>
              →
            </button>
            <button type="button" aria-label={`Убрать фото ${index + 1}`} onClick={() => onChange(removedAt(photos, index))}>
              ×
            </button>
          </span>
        </li>
      ))}
    </ol>
  );
}

const STAGE_TEXT: Record<PhotoUpload['stage'], (upload: PhotoUpload) => string> = {
  sending: (upload) => `загрузка ${Math.round(upload.sent * 100)}%`,
  processing: () => 'обработка…',
  ready: () => 'готово, добавлено в конец',
  failed: (upload) => `ошибка: ${upload.error ?? HALL_MESSAGES.uploadFailed}`,
};

/** Each file on its way, with its progress, and the finished ones cleared on demand. */
function Uploads({ uploads, onClear }: { uploads: readonly PhotoUpload[]; onClear: () => void }) {
  if (uploads.length === 0) return null;
  return (
    <div>
      <ul className="acal-list" aria-label="Загрузки" aria-live="polite">
        {uploads.map((upload) => (
          <li key={upload.key} className={`ahall__upload-row ahall__upload-row--${upload.stage}`} data-testid="hall-upload">
            <span>{upload.name}</span>
            {upload.stage === 'sending' && <progress max={1} value={upload.sent} aria-label={`Загрузка ${upload.name}`} />}
            <span>{STAGE_TEXT[upload.stage](upload)}</span>
          </li>
        ))}
      </ul>
      {uploads.some((upload) => upload.stage === 'ready' || upload.stage === 'failed') && (
        <button type="button" className="acal-refund__trigger" onClick={onClear}>
          Скрыть завершённые
        </button>
      )}
    </div>
  );
}

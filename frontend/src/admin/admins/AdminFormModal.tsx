import { zodResolver } from '@hookform/resolvers/zod';
import { STAFF_LOGIN_MAX, STAFF_NAME_MAX, STAFF_PASSWORD_MAX, STAFF_ROLES, type StaffMemberRow } from '@studio/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FieldError } from '../../ui/FieldError';
import { AdminModal } from '../../ui/AdminModal';
import { FormFooter } from '../StaffListParts';
import { adminFormSchema, EMPTY_ADMIN_FORM, formOf, ROLE_LABELS, updateRequestOf, type AdminFormValues } from './admin-form';
import { ADMINS_MESSAGES, createAdmin, updateAdmin } from './api';

/** Which form is open: a new administrator, or the edit of a listed one. */
export type AdminFormTarget = { mode: 'create' } | { mode: 'edit'; row: StaffMemberRow };

interface Props {
  target: AdminFormTarget | null;
  onClose: () => void;
  /** The write went through, with the success text. */
  onSaved: (text: string) => void;
}

/** The create and edit modals (docs/staff.md#what-it-does, docs/staff.md#rules «Administrator»). */
export function AdminFormModal({ target, onClose, onSaved }: Props) {
  const title = target?.mode === 'edit' ? 'Редактирование администратора' : 'Новый администратор';
  return (
    <AdminModal isOpen={target !== null} title={title} testId="admin-form-modal" onClose={onClose}>
      {target && <AdminForm key={target.mode === 'edit' ? target.row.id : 'new'} target={target} onSaved={onSaved} onCancel={onClose} />}
    </AdminModal>
  );
}

function AdminForm({ target, onSaved, onCancel }: { target: AdminFormTarget; onSaved: Props['onSaved']; onCancel: () => void }) {
  const editing = target.mode === 'edit';
  const form = useForm<AdminFormValues>({
    // The contract's schema, which the server parses with too; the values sent are the ones typed (the server trims them).
    resolver: zodResolver(adminFormSchema(editing), undefined, { raw: true }),
    defaultValues: editing ? formOf(target.row) : EMPTY_ADMIN_FORM,
  });
  const { errors, isSubmitting } = form.formState;
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    const outcome = editing ? await updateAdmin(target.row.id, updateRequestOf(values)) : await createAdmin(values);
    if (outcome.ok) return onSaved(editing ? ADMINS_MESSAGES.updated : ADMINS_MESSAGES.created);
    const field = outcome.field as keyof AdminFormValues | undefined;
    if (field && field in values) form.setError(field, { message: outcome.message }, { shouldFocus: true });
    else setFailure(outcome.message);
  });

  return (
    <form className="admins__form" noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={isSubmitting}>
      <div className="field">
        <label htmlFor="admin-name">Имя</label>
        <input id="admin-name" autoComplete="off" maxLength={STAFF_NAME_MAX} aria-invalid={Boolean(errors.name)} {...form.register('name')} />
        <FieldError message={errors.name?.message} />
      </div>
      <div className="field">
        <label htmlFor="admin-login">Логин</label>
        <input id="admin-login" autoComplete="off" autoCapitalize="none" spellCheck={false} maxLength={STAFF_LOGIN_MAX} aria-invalid={Boolean(errors.login)} {...form.register('login')} />
        <FieldError message={errors.login?.message} />
      </div>
      <div className="field">
        <label htmlFor="admin-password">{editing ? 'Новый пароль' : 'Пароль'}</label>
        <input
          id="admin-password"
          type="password"
          autoComplete="new-password"
          maxLength={STAFF_PASSWORD_MAX}
          aria-invalid={Boolean(errors.password)}
          aria-describedby="admin-password-hint"
          {...form.register('password')}
        />
        <p className="admins__hint" id="admin-password-hint">
          {editing ? 'Оставьте пустым, чтобы не менять. ' : ''}Не короче 6 символов.
        </p>
        <FieldError message={errors.password?.message} />
      </div>
      <div className="field">
        <label htmlFor="admin-rules">Роль</label>
        <select id="admin-rules" aria-invalid={Boolean(errors.rules)} {...form.register('rules')}>
          {STAFF_ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </select>
        <FieldError message={errors.rules?.message} />
      </div>
      <FormFooter failure={failure} busy={isSubmitting} label={editing ? 'Сохранить' : 'Создать'} onCancel={onCancel} />
    </form>
  );
}

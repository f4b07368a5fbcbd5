import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { Link, Navigate } from 'react-router-dom';
import { phoneText } from '@studio/domain';
import { readUser, writeUser } from '../session/user';
import { SectionPage } from '../ui/SectionPage';
import { putPassword, putProfile, type CallResult } from './api';
import { authFieldOf } from './auth-forms';
import { TypedField, type TypedFieldSpec } from './AuthFormParts';
import { BackLink } from '../ui/BackLink';
import { PROFILE_MESSAGES, profileFormSchema, profileFormValuesOf, storedProfileSchema, type ProfileFormValues } from './profile-form';
import '../ui/field.css';
import '../ui/auth-form.css';
import './account.css';

type Field = keyof ProfileFormValues;
type FieldSpec = TypedFieldSpec<Field>;

const PROFILE_FIELDS: FieldSpec[] = [
  { name: 'name', label: 'Имя', type: 'text', autoComplete: 'given-name' },
  { name: 'surname', label: 'Фамилия', type: 'text', autoComplete: 'family-name' },
  { name: 'email', label: 'Email (необязательно)', type: 'email', autoComplete: 'email' },
];
const PASSWORD_FIELDS: FieldSpec[] = [
  { name: 'currentPassword', label: 'Текущий пароль', type: 'password', autoComplete: 'current-password' },
  { name: 'newPassword', label: 'Новый пароль', type: 'password', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'Повторите новый пароль', type: 'password', autoComplete: 'new-password' },
];
/** In the form's order, so the first refused one is the topmost. */
const FIELDS = [...PROFILE_FIELDS, ...PASSWORD_FIELDS].map((field) => field.name);

/** /profile: name, surname, optional email and the password; the phone is the login and stays (docs/cabinet.md#what-it-does). */
export default function ProfilePage() {
  const stored = storedProfileSchema.safeParse(readUser());
  if (!stored.success || stored.data.id === undefined) return <Navigate to="/login" replace />;
  return <ProfileForm id={stored.data.id} phone={stored.data.phone ?? ''} initial={profileFormValuesOf(stored.data)} />;
}

function ProfileForm({ id, phone, initial }: { id: string; phone: string; initial: ProfileFormValues }) {
  const form = useForm<ProfileFormValues>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: initial,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const [outcome, setOutcome] = useState<{ saved: true } | { saved: false; error: string } | null>(null);
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    const subscription = form.watch((_, { name }) => {
      if (name) form.clearErrors(name);
      setOutcome(null);
    });
    return () => subscription.unsubscribe();
  }, [form]);

  /** A refusal at the field it names, else above the buttons with the server's reason or `fallback`. */
  function refused(result: Exclude<CallResult, { ok: true }>, fallback: string): void {
    const { error } = result;
    const message = error.fromServer ? error.atField : fallback;
    const field = authFieldOf(error.field, FIELDS);
    if (field) {
      form.setError(field, { message });
      form.setFocus(field);
    } else setOutcome({ saved: false, error: message });
  }

  const onSubmit = form.handleSubmit(async ({ name, surname, email, currentPassword, newPassword }) => {
    setOutcome(null);
    const profile = await putProfile(id, { name, surname, email: email || null });
    if (!profile.ok) return refused(profile, PROFILE_MESSAGES.profileFailed);
    writeUser(profile.user);
    form.resetField('name', { defaultValue: profile.user.name });
    form.resetField('surname', { defaultValue: profile.user.surname });
    form.resetField('email', { defaultValue: profile.user.email ?? '' });
    if (newPassword) {
      const password = await putPassword(id, { currentPassword, newPassword });
      if (!password.ok) return refused(password, PROFILE_MESSAGES.passwordFailed);
      for (const field of ['currentPassword', 'newPassword', 'confirmPassword'] as const) form.resetField(field, { defaultValue: '' });
    }
    setOutcome({ saved: true });
  }, focusFirstError);

  function focusFirstError(refusals: FieldErrors<ProfileFormValues>): void {
    const first = FIELDS.find((field) => field in refusals);
    if (first) form.setFocus(first);
  }

  const input = (spec: FieldSpec) => <TypedField key={spec.name} spec={spec} error={errors[spec.name]?.message} registration={form.register(spec.name)} />;

  return (
    <SectionPage back={<BackLink to="/dashboard" label="В кабинет" />} eyebrow="Личный кабинет" title="Профиль" lead="Имя и контакты для ваших броней, пароль для входа.">
      <form className="auth-form auth-form--wide" noValidate onSubmit={(event) => void onSubmit(event)}>
        <div className="auth-form__grid">
          {PROFILE_FIELDS.map(input)}
          <div className="field">
            <label htmlFor="phone">Телефон</label>
            <input id="phone" type="tel" value={phoneText(phone)} readOnly aria-describedby="phone-note" />
            <p id="phone-note" className="profile-form__note">
              Телефон изменить нельзя
            </p>
          </div>
        </div>
        <fieldset className="profile-form__section">
          <legend>Смена пароля</legend>
          <p className="profile-form__note">Оставьте пустым, если не хотите менять пароль.</p>
          <div className="auth-form__grid">{PASSWORD_FIELDS.map(input)}</div>
        </fieldset>
        {outcome?.saved === false && (
          <p className="auth-form__error" role="alert">
            {outcome.error}
          </p>
        )}
        {outcome?.saved && (
          <p className="profile-form__saved" role="status">
            {PROFILE_MESSAGES.saved}
          </p>
        )}
        <div className="profile-form__actions">
          <button type="submit" className="button" disabled={isSubmitting}>
            {isSubmitting ? 'Сохранение…' : 'Сохранить'}
          </button>
          <Link className="pill-link" to="/dashboard">
            Отмена
          </Link>
        </div>
      </form>
    </SectionPage>
  );
}

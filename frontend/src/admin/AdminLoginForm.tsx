import { zodResolver } from '@hookform/resolvers/zod';
import type { StaffAdmin } from '@studio/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { BackLink } from '../ui/BackLink';
import { FieldError } from '../ui/FieldError';
import { SectionPage } from '../ui/SectionPage';
import { ADMIN_MESSAGES, logIn } from './api';

/** docs/staff.md#rules Login: both required; the limits are the server's. */
const loginFormSchema = z.object({
  login: z.string().trim().min(1, ADMIN_MESSAGES.login).max(64, 'Не длиннее 64 символов'),
  password: z.string().min(1, ADMIN_MESSAGES.password).max(200, 'Не длиннее 200 символов'),
});
type LoginValues = z.infer<typeof loginFormSchema>;

/** The back-office login: login and password, and a back arrow home (docs/staff.md#what-it-does Login). */
export function AdminLoginForm({ onLoggedIn }: { onLoggedIn: (admin: StaffAdmin) => void }) {
  const form = useForm<LoginValues>({ resolver: zodResolver(loginFormSchema), defaultValues: { login: '', password: '' } });
  const [failure, setFailure] = useState<string | null>(null);
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ login, password }) => {
    setFailure(null);
    const result = await logIn(login, password);
    if (result.ok) onLoggedIn(result.admin);
    else {
      setFailure(result.message);
      form.resetField('password');
      form.setFocus('password');
    }
  });

  return (
    <SectionPage back={<BackLink to="/" label="На главную" />} eyebrow="Администрирование" title="Вход для сотрудников" lead="Войдите, чтобы работать с календарём и бронями студий.">
      <form className="auth-form" noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={isSubmitting}>
        <div className="field">
          <label htmlFor="admin-login">Логин</label>
          <input id="admin-login" autoComplete="username" autoCapitalize="none" spellCheck={false} aria-invalid={Boolean(errors.login)} {...form.register('login')} />
          <FieldError message={errors.login?.message} />
        </div>
        <div className="field">
          <label htmlFor="admin-password">Пароль</label>
          <input id="admin-password" type="password" autoComplete="current-password" aria-invalid={Boolean(errors.password)} {...form.register('password')} />
          <FieldError message={errors.password?.message} />
        </div>
        {failure && (
          <p className="auth-form__error" role="alert">
            {failure}
          </p>
        )}
        <button type="submit" className="button auth-form__submit" disabled={isSubmitting}>
          {isSubmitting ? 'Вход…' : 'Войти'}
        </button>
      </form>
    </SectionPage>
  );
}

import { PhoneInput } from '../ui/PhoneInput';
import { SectionPage } from '../ui/SectionPage';
import { AUTH_MESSAGES, EMPTY_LOGIN, loginFormSchema } from './auth-forms';
import { FormField } from '../ui/FormField';
import { AuthFormEnd } from './AuthFormParts';
import { BackLink } from '../ui/BackLink';
import { useAuthForm } from './use-auth-form';
import '../ui/field.css';
import '../ui/auth-form.css';
import './account.css';

/** /login: phone and password, then the cabinet (docs/cabinet.md#what-it-does). */
export default function LoginPage() {
  const { form, onSubmit, end } = useAuthForm({
    schema: loginFormSchema,
    defaultValues: EMPTY_LOGIN,
    endpoint: '/api/auth/login',
    toBody: (values) => values,
    messages: { failed: AUTH_MESSAGES.loginFailed, network: AUTH_MESSAGES.loginNetwork },
  });
  const { errors } = form.formState;
  return (
    <SectionPage back={<BackLink to="/" label="На главную" />} eyebrow="Личный кабинет" title="Вход" lead="Войдите по номеру телефона, чтобы видеть свои брони и оплаты.">
      <form className="auth-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <FormField id="phone" label="Телефон" error={errors.phone?.message}>
          <PhoneInput control={form.control} name="phone" invalid={Boolean(errors.phone)} />
        </FormField>
        <FormField id="password" label="Пароль" error={errors.password?.message}>
          <input id="password" type="password" autoComplete="current-password" aria-invalid={Boolean(errors.password)} {...form.register('password')} />
        </FormField>
        <AuthFormEnd
          {...end}
          submitLabel="Войти"
          sendingLabel="Вход…"
          other={{ question: 'Нет аккаунта?', to: '/register', label: 'Зарегистрироваться' }}
        />
      </form>
    </SectionPage>
  );
}

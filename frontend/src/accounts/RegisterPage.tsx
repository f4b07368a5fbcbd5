import { PhoneInput } from '../ui/PhoneInput';
import { SectionPage } from '../ui/SectionPage';
import { AUTH_MESSAGES, EMPTY_REGISTER, registerFormSchema, type RegisterFormValues } from './auth-forms';
import { FormField } from '../ui/FormField';
import { AuthFormEnd, TypedField, type TypedFieldSpec } from './AuthFormParts';
import { BackLink } from '../ui/BackLink';
import { useAuthForm } from './use-auth-form';
import '../ui/field.css';
import '../ui/auth-form.css';
import './account.css';

type TypedName = Exclude<keyof RegisterFormValues, 'phone' | 'captchaToken'>;

/** The fields in the form's order; the phone, under its mask, goes after the email. */
const TYPED: TypedFieldSpec<TypedName>[] = [
  { name: 'name', label: 'Имя', type: 'text', autoComplete: 'given-name' },
  { name: 'surname', label: 'Фамилия', type: 'text', autoComplete: 'family-name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'password', label: 'Пароль', type: 'password', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'Повторите пароль', type: 'password', autoComplete: 'new-password' },
];

/** /register: the account, then the cabinet, already logged in (docs/cabinet.md#what-it-does). */
export default function RegisterPage() {
  const { form, onSubmit, end } = useAuthForm({
    schema: registerFormSchema,
    defaultValues: EMPTY_REGISTER,
    endpoint: '/api/auth/register',
    // The confirmation is the form's own check; the server takes the password once.
    toBody: ({ confirmPassword: _confirmed, ...values }) => values,
    messages: { failed: AUTH_MESSAGES.registerFailed, network: AUTH_MESSAGES.registerNetwork },
  });
  const { errors } = form.formState;
  const typed = (spec: TypedFieldSpec<TypedName>) => <TypedField key={spec.name} spec={spec} error={errors[spec.name]?.message} registration={form.register(spec.name)} />;
  return (
    <SectionPage back={<BackLink to="/login" label="Ко входу" />} eyebrow="Личный кабинет" title="Регистрация" lead="Аккаунт хранит ваши брони, оплаты и историю съёмок.">
      <form className="auth-form auth-form--wide" noValidate onSubmit={(event) => void onSubmit(event)}>
        <div className="auth-form__grid">
          {TYPED.slice(0, 3).map(typed)}
          <FormField id="phone" label="Телефон" error={errors.phone?.message}>
            <PhoneInput control={form.control} name="phone" invalid={Boolean(errors.phone)} />
          </FormField>
          {TYPED.slice(3).map(typed)}
        </div>
        <AuthFormEnd
          {...end}
          submitLabel="Зарегистрироваться"
          sendingLabel="Регистрация…"
          other={{ question: 'Уже есть аккаунт?', to: '/login', label: 'Войти' }}
        />
      </form>
    </SectionPage>
  );
}

import type { HTMLInputTypeAttribute } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { FieldError } from '../ui/FieldError';
import { FormField } from '../ui/FormField';
import { Captcha, type CaptchaProps } from './Captcha';

/** A typed field of an account form: its name in the form, its label and how the browser may fill it. */
export interface TypedFieldSpec<Name extends string> {
  name: Name;
  label: string;
  type: HTMLInputTypeAttribute;
  autoComplete: string;
}

/** A typed input with its label and message, registered in the form. */
export function TypedField({ spec, error, registration }: { spec: TypedFieldSpec<string>; error: string | undefined; registration: UseFormRegisterReturn }) {
  return (
    <FormField id={spec.name} label={spec.label} error={error}>
      <input id={spec.name} type={spec.type} autoComplete={spec.autoComplete} aria-invalid={Boolean(error)} {...registration} />
    </FormField>
  );
}

interface EndProps {
  captcha: CaptchaProps;
  /** Changes after each failure: the captcha remounts, unpassed. */
  captchaKey: number;
  captchaError: string | undefined;
  formError: string | null;
  sending: boolean;
  submitLabel: string;
  sendingLabel: string;
  /** The way to the other form: a question and the link. */
  other: { question: string; to: string; label: string };
}

/** The captcha, the form's own refusal, the button and the way to the other form. */
export function AuthFormEnd({ captcha, captchaKey, captchaError, formError, sending, submitLabel, sendingLabel, other }: EndProps) {
  return (
    <>
      <div className="field">
        <Captcha key={captchaKey} {...captcha} />
        <FieldError message={captchaError} />
      </div>
      {formError && (
        <p className="auth-form__error" role="alert">
          {formError}
        </p>
      )}
      <button type="submit" className="button auth-form__submit" disabled={sending}>
        {sending ? sendingLabel : submitLabel}
      </button>
      <p className="auth-form__alt">
        {other.question} <Link to={other.to}>{other.label}</Link>
      </p>
    </>
  );
}

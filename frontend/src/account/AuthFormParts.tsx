import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { FieldError } from '../booking/FieldError';
import { Captcha, type CaptchaProps } from './Captcha';

/** A labelled control with its message underneath. */
export function FormField({ id, label, error, children }: { id: string; label: string; error: string | undefined; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      <FieldError message={error} />
    </div>
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

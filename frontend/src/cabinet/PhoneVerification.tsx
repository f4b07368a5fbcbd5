import { phoneText, type AuthUser } from '@studio/domain';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { FormField } from '../ui/FormField';
import { ApiError } from '../api/client';
import { CABINET_MESSAGES, resendPhoneCode, verifyPhone } from './api';
import '../ui/field.css';

/** What the server checks too (400 at `code`): said here before a call is made. */
const CODE = /^\d{6}$/;
const CODE_FORMAT_MESSAGE = 'Код состоит из 6 цифр';

/** The cooldown a refused resend names (429 `phone_code_cooldown`), in seconds. */
const retryAfterOf = (error: ApiError): number => {
  const seconds = error.details?.retry_after_seconds;
  return typeof seconds === 'number' ? seconds : 0;
};

/**
 * «Подтвердите телефон»: the code registration sent by SMS, typed back. Until then the cabinet shows
 * only the bookings made in this account; guest bookings made with the phone appear once it is verified.
 */
export function PhoneVerification({ phone, onVerified }: { phone: string | undefined; onVerified: (user: AuthUser) => void }) {
  const titleId = useId();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [verifying, setVerifying] = useState(false);
  const [resending, setResending] = useState(false);
  const [resendIn, setResendIn] = useState(0);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);

  // The cooldown counts down on screen; the server holds it either way.
  useEffect(() => {
    if (resendIn <= 0) return;
    const timer = setTimeout(() => setResendIn((left) => left - 1), 1000);
    return () => clearTimeout(timer);
  }, [resendIn]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    const typed = code.trim();
    if (!CODE.test(typed)) return setCodeError(CODE_FORMAT_MESSAGE);
    setCodeError(undefined);
    setVerifying(true);
    try {
      onVerified(await verifyPhone(typed));
    } catch (failure) {
      const message = failure instanceof ApiError ? failure.atField : CABINET_MESSAGES.verifyFailed;
      if (failure instanceof ApiError && failure.field === 'code') setCodeError(message);
      else setNotice({ ok: false, text: message });
    } finally {
      setVerifying(false);
    }
  }

  async function resend() {
    setNotice(null);
    setResending(true);
    try {
      setResendIn(await resendPhoneCode());
      setCode('');
      setCodeError(undefined);
      setNotice({ ok: true, text: 'Новый код отправлен по SMS' });
    } catch (failure) {
      if (failure instanceof ApiError) setResendIn(retryAfterOf(failure));
      setNotice({ ok: false, text: failure instanceof ApiError ? failure.message : CABINET_MESSAGES.resendFailed });
    } finally {
      setResending(false);
    }
  }

  return (
    <section className="cabinet-verify" aria-labelledby={titleId}>
      <h2 id={titleId}>Подтвердите телефон</h2>
      <p>
        Мы отправили SMS с кодом на {phone ? phoneText(phone) : 'ваш телефон'}. Пока телефон не подтверждён, здесь видны только брони, сделанные в этом
        аккаунте.
      </p>
      <form className="cabinet-verify__form" onSubmit={(event) => void submit(event)} noValidate>
        <FormField id="phone-code" label="Код из SMS" error={codeError}>
          <input
            id="phone-code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            aria-invalid={Boolean(codeError)}
            onChange={(event) => setCode(event.target.value)}
          />
        </FormField>
        <div className="cabinet-verify__actions">
          <button type="submit" className="button" disabled={verifying}>
            {verifying ? 'Проверяем…' : 'Подтвердить'}
          </button>
          <button type="button" className="pill-link" disabled={resending || resendIn > 0} onClick={() => void resend()}>
            {resending ? 'Отправляем…' : resendIn > 0 ? `Отправить код ещё раз через ${resendIn} с` : 'Отправить код ещё раз'}
          </button>
        </div>
      </form>
      {notice && (
        <p className={`outcome${notice.ok ? '' : ' outcome--error'}`} role={notice.ok ? 'status' : 'alert'}>
          {notice.text}
        </p>
      )}
    </section>
  );
}

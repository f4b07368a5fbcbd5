import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm, type DefaultValues, type FieldErrors, type FieldValues, type Path, type PathValue } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { SIGNED_IN_USER_KEY } from '../session/use-signed-in-user';
import { writeUser } from '../session/user';
import { postAuth } from './api';
import { authFieldOf } from './auth-forms';

interface Options<T extends FieldValues> {
  schema: z.ZodType<T, T>;
  defaultValues: T;
  endpoint: '/api/auth/login' | '/api/auth/register';
  /** The body the endpoint takes, from the checked values. */
  toBody: (values: T) => object;
  /** docs/cabinet.md#messages: what to say when the server gives no reason, and when it cannot be reached. */
  messages: { failed: string; network: string };
}

/**
 * A login or registration form: checked on submit, each field's error cleared as it is edited,
 * the captcha reset after any failure, the server's refusal shown at the field it names or above
 * the button, and on success the user kept for the UI and the cabinet opened.
 */
export function useAuthForm<T extends FieldValues & { captchaToken: string }>({ schema, defaultValues, endpoint, toBody, messages }: Options<T>) {
  const form = useForm<T>({
    resolver: zodResolver(schema),
    defaultValues: defaultValues as DefaultValues<T>,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    // The library would focus in the order fields registered, where the masked phone comes last.
    shouldFocusError: false,
  });
  const fields = Object.keys(defaultValues) as Path<T>[];
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [captchaRound, setCaptchaRound] = useState(0);
  const [formError, setFormError] = useState<string | null>(null);
  const captchaField = 'captchaToken' as Path<T>;

  useEffect(() => {
    const subscription = form.watch((_, { name }) => {
      if (name) form.clearErrors(name);
    });
    return () => subscription.unsubscribe();
  }, [form]);

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    const result = await postAuth(endpoint, toBody(values));
    if (result.ok) {
      writeUser(result.user);
      // The answer names the customer already: the cabinet shows it at once instead of asking
      // GET /api/auth/me, whose read model may not have the account yet.
      queryClient.setQueryData(SIGNED_IN_USER_KEY, result.user);
      navigate('/dashboard');
      return;
    }
    // A token is good for one check only: whatever went wrong, the next try needs a new one.
    form.setValue(captchaField, '' as PathValue<T, Path<T>>);
    setCaptchaRound((round) => round + 1);
    const { error } = result;
    if (error.unanswered) {
      setFormError(messages.network);
      return;
    }
    const message = error.fromServer ? error.atField : messages.failed;
    const field = authFieldOf(error.field, fields);
    if (field) form.setError(field, { message });
    else setFormError(message);
  }, focusFirstError);

  /** The defaults list the fields in the form's order, so the first refused one is the topmost. */
  function focusFirstError(errors: FieldErrors<T>): void {
    const first = fields.find((field) => field in errors);
    if (first) form.setFocus(first);
  }

  const captchaError = form.formState.errors.captchaToken?.message;
  /** What the form's end (AuthFormEnd) shows of this state. */
  const end = {
    captcha: { invalid: Boolean(captchaError), onToken: (token: string) => form.setValue(captchaField, token as PathValue<T, Path<T>>) },
    captchaKey: captchaRound,
    captchaError: typeof captchaError === 'string' ? captchaError : undefined,
    formError,
    sending: form.formState.isSubmitting,
  };

  return { form, onSubmit, end };
}

import { z } from 'zod';
import { authUserSchema } from '@studio/domain';
import { AUTH_MESSAGES } from './auth-forms';

/** docs/cabinet.md#rules Profile and docs/cabinet.md#messages (customer side). */
export const PROFILE_MESSAGES = {
  name: 'Имя обязательно для заполнения',
  surname: 'Фамилия обязательна для заполнения',
  email: 'Введите корректный email',
  currentPassword: 'Введите текущий пароль для смены пароля',
  newPasswordShort: 'Новый пароль должен содержать минимум 6 символов',
  passwordsDiffer: AUTH_MESSAGES.passwordsDiffer,
  saved: 'Профиль успешно обновлен',
  profileFailed: 'Ошибка обновления профиля',
  passwordFailed: 'Ошибка изменения пароля',
} as const;

/** The same limits as the server's (command-api accounts schemas). */
const required = (message: string) => z.string().trim().min(1, message).max(100, 'Не длиннее 100 символов');

/**
 * The profile with the password section: left empty, the password stays as it is; once a new one
 * (or its confirmation) is typed, the current one is needed and the two must match.
 */
export const profileFormSchema = z
  .object({
    name: required(PROFILE_MESSAGES.name),
    surname: required(PROFILE_MESSAGES.surname),
    email: z
      .string()
      .trim()
      .max(254, 'Не длиннее 254 символов')
      .pipe(z.union([z.literal(''), z.email(PROFILE_MESSAGES.email)])),
    currentPassword: z.string().max(200, 'Не длиннее 200 символов'),
    newPassword: z.string().max(200, 'Не длиннее 200 символов'),
    confirmPassword: z.string(),
  })
  .superRefine(({ currentPassword, newPassword, confirmPassword }, ctx) => {
    if (!newPassword && !confirmPassword) return;
    if (!currentPassword) ctx.addIssue({ code: 'custom', path: ['currentPassword'], message: PROFILE_MESSAGES.currentPassword });
    if (newPassword.length < 6) ctx.addIssue({ code: 'custom', path: ['newPassword'], message: PROFILE_MESSAGES.newPasswordShort });
    else if (newPassword !== confirmPassword) ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: PROFILE_MESSAGES.passwordsDiffer });
  });
export type ProfileFormValues = z.input<typeof profileFormSchema>;

/** What the stored user holds of the account; a copy written before the profile existed may lack some of it. */
export const storedProfileSchema = authUserSchema.pick({ id: true, name: true, surname: true, email: true, phone: true }).partial();

/** The form as the stored user fills it, the password section empty. */
export function profileFormValuesOf(stored: z.infer<typeof storedProfileSchema>): ProfileFormValues {
  return { name: stored.name ?? '', surname: stored.surname ?? '', email: stored.email ?? '', currentPassword: '', newPassword: '', confirmPassword: '' };
}

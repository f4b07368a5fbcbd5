import { describe, expect, it } from 'vitest';
import { profileFormSchema, profileFormValuesOf, type ProfileFormValues } from './profile-form';

const filled: ProfileFormValues = { name: 'Анна', surname: 'Иванова', email: '', currentPassword: '', newPassword: '', confirmPassword: '' };

/** Each failing field with its first message, as the form shows them. */
const messagesOf = (values: Partial<ProfileFormValues>) =>
  Object.fromEntries((profileFormSchema.safeParse({ ...filled, ...values }).error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]));

describe('the profile form', () => {
  it('takes a name and surname without email or password', () => {
    expect(messagesOf({})).toEqual({});
  });

  it('names a missing name and surname and a malformed email with the spec\'s messages', () => {
    expect(messagesOf({ name: ' ', surname: '', email: 'anna@' })).toEqual({
      name: 'Имя обязательно для заполнения',
      surname: 'Фамилия обязательна для заполнения',
      email: 'Введите корректный email',
    });
  });

  it('asks for the current password, six characters and a matching confirmation once a new password is typed', () => {
    expect(messagesOf({ newPassword: '12345', confirmPassword: '12345' })).toEqual({
      currentPassword: 'Введите текущий пароль для смены пароля',
      newPassword: 'Новый пароль должен содержать минимум 6 символов',
    });
    expect(messagesOf({ currentPassword: 'старый1', newPassword: 'новый-1', confirmPassword: 'новый-2' })).toEqual({ confirmPassword: 'Пароли не совпадают' });
    expect(messagesOf({ confirmPassword: 'новый-1' })).toMatchObject({ currentPassword: 'Введите текущий пароль для смены пароля' });
    expect(messagesOf({ currentPassword: 'старый1', newPassword: 'новый-1', confirmPassword: 'новый-1' })).toEqual({});
  });

  it('starts from the stored user, with an empty email for none', () => {
    expect(profileFormValuesOf({ id: 'c1', name: 'Анна', surname: 'Иванова', email: null })).toEqual(filled);
  });
});

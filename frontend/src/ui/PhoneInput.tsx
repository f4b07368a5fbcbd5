import { useMaskito } from '@maskito/react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { phoneMask } from './phone-mask';

interface Props<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  invalid: boolean;
  /** The input's id, for its label. */
  id?: string;
  disabled?: boolean;
}

/** A phone input under the site's +7 mask, bound to a react-hook-form field. */
export function PhoneInput<T extends FieldValues>({ control, name, invalid, id = name, disabled = false }: Props<T>) {
  const maskRef = useMaskito({ options: phoneMask });
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <input
          id={id}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="+7 (___) ___-__-__"
          aria-invalid={invalid}
          disabled={disabled}
          name={field.name}
          defaultValue={field.value as string}
          ref={(element) => {
            maskRef(element);
            field.ref(element);
          }}
          // Maskito rewrites the value on input; the form reads what the mask left.
          onInput={(event) => field.onChange(event.currentTarget.value)}
          onBlur={field.onBlur}
        />
      )}
    />
  );
}

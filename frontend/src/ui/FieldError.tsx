/** A field's message, read out when it appears. */
export function FieldError({ message, id }: { message?: string | undefined; id?: string }) {
  if (!message) return null;
  return (
    <p className="field__error" role="alert" id={id}>
      {message}
    </p>
  );
}

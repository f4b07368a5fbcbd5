import { STUDIO_NAMES, STUDIOS } from '@studio/domain';

/** «Все студии» (with the value the select uses for it), then each studio by name: the filter's and the form's choices. */
export function StudioOptions({ allValue }: { allValue: string }) {
  return (
    <>
      <option value={allValue}>Все студии</option>
      {STUDIOS.map((studio) => (
        <option key={studio} value={studio}>
          {STUDIO_NAMES[studio]}
        </option>
      ))}
    </>
  );
}

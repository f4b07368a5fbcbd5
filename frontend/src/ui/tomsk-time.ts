import { TIME_ZONE } from '@studio/domain';

const format = new Intl.DateTimeFormat('ru-RU', { timeZone: TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** An ISO instant as staff in Tomsk read it: «26.11.2026, 15:04». Anything unreadable is shown as given. */
export function tomskDateTime(iso: string): string {
  const instant = new Date(iso);
  return Number.isNaN(instant.getTime()) ? iso : format.format(instant);
}

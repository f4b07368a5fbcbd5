import { isStudio } from '../studios';

/**
 * The pages of the single-page app, as its router declares them (frontend/src/app/App.tsx): the
 * gateway answers 200 for these and 404 (with the same app, which then shows its 404 page) for any
 * other path. `:studio` stands for one of STUDIOS; any other value is the app's 404 too.
 */
export const SITE_PAGES = ['/', '/:studio', '/:studio/booking', '/:studio/reschedule', '/:studio/rules', '/education', '/login', '/register', '/dashboard', '/profile', '/payment/success', '/admin', '/dev/outbox'] as const;
export type SitePage = (typeof SITE_PAGES)[number];

const STUDIO_PARAM = ':studio';
const PAGE_SEGMENTS = SITE_PAGES.map((page) => page.split('/').filter((segment) => segment !== ''));

/** Pages only a browser on the server's own machine is shown (the sandboxes' outbox); to anyone else the gateway answers them as no page. */
export const LOOPBACK_PAGES: readonly SitePage[] = ['/dev/outbox'];

/**
 * The page the app renders at `pathname` (no query string), matching as React Router does:
 * trailing slashes ignored, segments percent-decoded, fixed segments in any letter case; a studio
 * must be named exactly (StudioLayout shows the 404 for any other). Undefined for none.
 */
export function sitePageOf(pathname: string): SitePage | undefined {
  if (!pathname.startsWith('/') || pathname.startsWith('//')) return undefined;
  const segments = decodeSegments(pathname.replace(/\/+$/, '').split('/').slice(1));
  if (!segments) return undefined;
  const index = PAGE_SEGMENTS.findIndex(
    (page) =>
      page.length === segments.length &&
      page.every((part, i) => (part === STUDIO_PARAM ? isStudio(segments[i]) : part === segments[i]!.toLowerCase())),
  );
  return index === -1 ? undefined : SITE_PAGES[index];
}

/** Whether the app renders a page of its own at `pathname` (see sitePageOf). */
export const isSitePage = (pathname: string): boolean => sitePageOf(pathname) !== undefined;

function decodeSegments(raw: string[]): string[] | undefined {
  try {
    return raw.map((segment) => decodeURIComponent(segment));
  } catch {
    return undefined;
  }
}

import type { IncomingHttpHeaders } from 'node:http';

/**
 * Whether a request comes from one of the site's own pages, or from no page at all: its Origin,
 * or failing that its Referer's origin, is one of `allowed`. Browsers send Origin with every write
 * and every socket; a request with neither header comes from no page (a server, a script, a test
 * tool), which cannot borrow a visitor's cookies. An Origin of "null" (a sandboxed frame, a
 * no-referrer page) is a page nobody can vouch for, so it is no site page either.
 */
export function isFromSiteOrNoPage(headers: IncomingHttpHeaders, allowed: readonly string[]): boolean {
  const origin = headers.origin ?? originOf(headers.referer);
  return origin === undefined || allowed.includes(origin);
}

function originOf(referer: string | undefined): string | undefined {
  if (referer === undefined) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return 'null';
  }
}

import type { RequestHandler } from 'express';
import { DomainError } from '@studio/domain';
import { isFromSiteOrNoPage } from '@studio/platform';

const FOREIGN_SITE_MESSAGE = 'Запрос с чужого сайта отклонён';
const NOT_JSON_MESSAGE = 'Запрос должен быть в формате JSON (Content-Type: application/json)';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Calls from another server, not from a page: the payment provider's notifications. */
const SERVER_TO_SERVER = new Set(['/api/payments/notifications']);
/** The one write whose body is a form: hall photos, POST /api/{studio}/photos (multipart). */
const FORM_UPLOAD = /^\/api\/[^/]+\/photos\/?$/;

const mediaTypeOf = (contentType: string | undefined) => (contentType ?? '').split(';')[0]!.trim().toLowerCase();

/**
 * Writes only from the site's own pages (CSRF). SameSite=Strict cookies stop other sites, but a
 * page on another port of the same host is the same site and its form posts carry them; so every
 * write (any method but GET, HEAD, OPTIONS) whose Origin, or failing that Referer, names another
 * origin is refused with 403 before its body is read. And a POST must say its body is JSON, as
 * every route reads one, bodyless ones too: a page can post text/plain, form-encoded or multipart
 * to anywhere without asking, but JSON only to its own origin. The hall photo upload is the one
 * multipart write; the provider's notifications come from no page and are exempt by path.
 */
export function sameSiteWrites(allowedOrigins: readonly string[]): RequestHandler {
  return (req, _res, next) => {
    if (READS.has(req.method) || SERVER_TO_SERVER.has(req.path)) return next();
    if (!isFromSiteOrNoPage(req.headers, allowedOrigins)) throw new DomainError('forbidden', 'foreign_origin', FOREIGN_SITE_MESSAGE);
    const mediaType = mediaTypeOf(req.headers['content-type']);
    const json = mediaType === 'application/json' || (mediaType === 'multipart/form-data' && FORM_UPLOAD.test(req.path));
    if (req.method === 'POST' && !json) throw new DomainError('unsupported_media_type', 'not_json', NOT_JSON_MESSAGE);
    next();
  };
}

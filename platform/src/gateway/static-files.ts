import { createReadStream, type Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { isSitePage } from '@studio/domain';
import { chooseEncoding, createCompressedCache } from './compression';
import { SITE_CONTENT_SECURITY_POLICY } from './security-headers';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

// Vite puts content-hashed bundles under /assets/: their URL changes whenever their bytes do.
const HASHED_PREFIX = '/assets/';

/**
 * Serves the built single-page app: real files from `root`, and index.html for any other path
 * without a file extension so client-side routes (/pochta/booking) survive a reload; with 404 when
 * the path is none of the app's pages, whose router then shows its own 404 page. With `app: false`
 * (uploaded media, each file named once for ever) only real files, cached for a year.
 */
export function createStaticHandler(root: string, { app = true }: { app?: boolean } = {}) {
  const rootDir = path.resolve(root);
  const indexFile = path.join(rootDir, 'index.html');
  const compressed = createCompressedCache();

  /** `isPage`: whether a path without a file is one of the app's pages (200) or not (404); isSitePage unless given. */
  return async function serveStatic(req: IncomingMessage, res: ServerResponse, pathname: string, isPage: (pathname: string) => boolean = isSitePage): Promise<void> {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' }).end('Method Not Allowed');
      return;
    }
    const requested = resolveInside(rootDir, pathname);
    const file = requested ? await fileStats(requested) : undefined;
    if (requested && file) {
      const cache = !app || pathname.startsWith(HASHED_PREFIX) ? 'public, max-age=31536000, immutable' : 'no-cache';
      await sendFile(req, res, requested, file, cache);
      return;
    }
    if (!app || path.extname(pathname) !== '') {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not Found');
      return;
    }
    const index = await fileStats(indexFile);
    if (!index) {
      res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Frontend is not built: run npm run build');
      return;
    }
    await sendFile(req, res, indexFile, index, 'no-cache', isPage(pathname) ? 200 : 404);
  };

  async function sendFile(req: IncomingMessage, res: ServerResponse, file: string, stats: Stats, cacheControl: string, status = 200): Promise<void> {
    const contentType = CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
    const encoding = chooseEncoding(contentType, stats.size, req.headers['accept-encoding']);
    const version = `${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}`;
    const headers: Record<string, string | number> = {
      'Cache-Control': cacheControl,
      'Last-Modified': stats.mtime.toUTCString(),
      // Each encoding is a different body, so it gets its own validator.
      ETag: `W/"${version}${encoding ? `-${encoding}` : ''}"`,
      Vary: 'Accept-Encoding',
    };
    // A 404 is not revalidated: its body is the app, but what matters is the status.
    if (status === 200 && req.headers['if-none-match'] === headers.ETag) {
      res.writeHead(304, headers).end();
      return;
    }
    headers['Content-Type'] = contentType;
    headers['X-Content-Type-Options'] = 'nosniff';
    // The site is never meant to be framed, and other sites need not learn our paths.
    headers['X-Frame-Options'] = 'DENY';
    headers['Referrer-Policy'] = 'strict-origin-when-cross-origin';
    if (contentType.startsWith('text/html')) headers['Content-Security-Policy'] = SITE_CONTENT_SECURITY_POLICY;
    if (encoding) {
      const body = await compressed(file, stats.mtimeMs, encoding);
      res.writeHead(status, { ...headers, 'Content-Encoding': encoding, 'Content-Length': body.length });
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    res.writeHead(status, { ...headers, 'Content-Length': stats.size });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    const stream = createReadStream(file);
    stream.on('error', () => res.destroy());
    stream.pipe(res);
  }
}

/** The file a URL path names, or undefined when it would escape the root (../, encoded or not). */
function resolveInside(rootDir: string, pathname: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const candidate = path.resolve(rootDir, `.${path.posix.normalize(decoded)}`);
  return candidate.startsWith(rootDir + path.sep) ? candidate : undefined;
}

async function fileStats(file: string): Promise<Stats | undefined> {
  try {
    const stats = await stat(file);
    return stats.isFile() ? stats : undefined;
  } catch {
    return undefined;
  }
}

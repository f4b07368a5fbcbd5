import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

export type Encoding = 'br' | 'gzip';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const COMPRESSIBLE = /^(text\/|application\/(json|manifest\+json)|image\/svg\+xml)/;
// Below this, headers and CPU cost more than the bytes saved.
const MIN_BYTES = 1024;

/** The encoding to send a file in, given its type, size and what the client accepts. */
export function chooseEncoding(contentType: string, size: number, acceptEncoding: string | undefined): Encoding | undefined {
  if (size < MIN_BYTES || !COMPRESSIBLE.test(contentType) || !acceptEncoding) return undefined;
  if (/\bbr\b/.test(acceptEncoding)) return 'br';
  if (/\bgzip\b/.test(acceptEncoding)) return 'gzip';
  return undefined;
}

/**
 * Compressed bodies kept per file, encoding and modification time: the built site is a handful of
 * files that change only on a rebuild, so each is compressed once rather than on every request.
 */
export function createCompressedCache() {
  const cache = new Map<string, Promise<Buffer>>();
  return function compressed(file: string, mtimeMs: number, encoding: Encoding): Promise<Buffer> {
    const key = `${encoding}:${mtimeMs}:${file}`;
    let body = cache.get(key);
    if (!body) {
      body = readFile(file).then((raw) =>
        encoding === 'br' ? brotli(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } }) : gzip(raw, { level: 9 }),
      );
      // A failed read must not be remembered.
      body.catch(() => cache.delete(key));
      cache.set(key, body);
    }
    return body;
  };
}

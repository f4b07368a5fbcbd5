import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded files wait and where their web images are served from. On disk under one folder
 * today (the gateway serves its `public` part at /media); an S3-compatible store would be another
 * implementation of the same port.
 */
export interface MediaStore {
  /** Keeps an upload's bytes until the workers have made its web image. */
  putIncoming(id: string, bytes: Uint8Array): Promise<void>;
  readIncoming(id: string): Promise<Buffer>;
  dropIncoming(id: string): Promise<void>;
  /** Writes a public file at a /media/… path. */
  putPublic(mediaPath: string, bytes: Uint8Array): Promise<void>;
  /** Removes a public file; a missing one is no error. */
  removePublic(mediaPath: string): Promise<void>;
  /** The folder the gateway serves at /media. */
  readonly publicRoot: string;
}

const MEDIA_PREFIX = '/media/';
const SAFE_ID = /^[\w-]{1,100}$/;

/** The media folder at `root`: `incoming/` for uploads, `public/` for what /media serves. */
export function diskMediaStore(root: string): MediaStore {
  const incoming = path.resolve(root, 'incoming');
  const publicRoot = path.resolve(root, 'public');
  const incomingFile = (id: string) => {
    if (!SAFE_ID.test(id)) throw new Error(`not an upload id: ${id}`);
    return path.join(incoming, id);
  };
  const publicFile = (mediaPath: string) => {
    const relative = path.posix.normalize(mediaPath.startsWith(MEDIA_PREFIX) ? mediaPath.slice(MEDIA_PREFIX.length) : '');
    const file = path.resolve(publicRoot, relative);
    if (relative === '' || relative.startsWith('..') || !file.startsWith(publicRoot + path.sep)) throw new Error(`not a media path: ${mediaPath}`);
    return file;
  };
  const write = async (file: string, bytes: Uint8Array) => {
    await mkdir(path.dirname(file), { recursive: true });
    // Written whole under another name first, so a reader never sees half a file.
    await writeFile(`${file}.part`, bytes);
    await rename(`${file}.part`, file);
  };
  return {
    publicRoot,
    putIncoming: (id, bytes) => write(incomingFile(id), bytes),
    readIncoming: (id) => readFile(incomingFile(id)),
    dropIncoming: (id) => rm(incomingFile(id), { force: true }),
    putPublic: (mediaPath, bytes) => write(publicFile(mediaPath), bytes),
    removePublic: (mediaPath) => rm(publicFile(mediaPath), { force: true }),
  };
}

import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Left in every data folder the embedded Postgres creates: only such a folder is ever cleaned. */
export const MARKER_FILE = '.studio-embedded-postgres';
/** The cluster's password, generated at first use and readable only by the folder's owner. */
export const PASSWORD_FILE = 'password';
/** The cluster itself: initdb wants an empty folder, and the marker must come first. */
export const CLUSTER_DIR = 'pgdata';

/**
 * Makes `dataDir` ours, or refuses: a missing or empty folder gets the marker; a non-empty one
 * without it may be anybody's data (a mistyped EMBEDDED_PG_DIR, a real cluster, a home folder) and
 * is never touched.
 */
export function claimDataFolder(dataDir: string): void {
  if (!existsSync(dataDir)) mkdirSync(dataDir, { recursive: true });
  const entries = readdirSync(dataDir);
  if (entries.includes(MARKER_FILE)) return;
  if (entries.length > 0) {
    throw new Error(
      `Встроенный Postgres не будет использовать папку ${dataDir}: она не пуста и создана не им (в ней нет файла ${MARKER_FILE}). ` +
        'Ничего не удалено. Укажите пустую или новую папку в EMBEDDED_PG_DIR, а если в этой только ненужные данные прежнего ' +
        'запуска npm start, удалите её сами.\n' +
        `Embedded Postgres will not use ${dataDir}: it is not empty and was not created by it (no ${MARKER_FILE} file). ` +
        'Nothing was deleted. Point EMBEDDED_PG_DIR at an empty or new folder, or, if it only holds data of an earlier ' +
        'npm start you no longer need, delete it yourself.',
    );
  }
  writeFileSync(
    path.join(dataDir, MARKER_FILE),
    'Created by the studio embedded Postgres (platform/src/embedded). Its presence allows it to clean up a half-made cluster here.\n',
  );
}

/**
 * The cluster's password: read from the data folder, or generated for a cluster about to be made.
 * A cluster whose password file is gone cannot be opened, so that is an error, not a new password.
 */
export function clusterPassword(dataDir: string, clusterExists: boolean): string {
  const file = path.join(dataDir, PASSWORD_FILE);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  if (clusterExists) {
    throw new Error(
      `Нет файла с паролем встроенного Postgres (${file}): без него к кластеру не подключиться. Верните файл или удалите папку ${dataDir}.\n` +
        `The embedded Postgres password file ${file} is missing, so the cluster cannot be opened. Restore it or delete ${dataDir}.`,
    );
  }
  const password = randomBytes(16).toString('hex');
  writeFileSync(file, `${password}\n`, { mode: 0o600, flag: 'wx' });
  return password;
}

import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { REPO_ROOT } from '../frontend-build';

export interface Managed {
  name: string;
  child: ChildProcess;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
}

export interface SpawnOptions {
  env: NodeJS.ProcessEnv;
  /** Opens an IPC channel (the embedded Postgres reports its URL through it). */
  ipc?: boolean;
  /** A step that is meant to finish (schema preparation): its exit does not stop the stack. */
  oneShot?: boolean;
}

const COLORS = [36, 33, 35, 32, 34, 31, 96, 93];
const STOP_GRACE_MS = 10_000;

/** A prefix like `query-api   │ ` so interleaved logs of every process stay readable. */
export function prefixer(name: string, index: number, width: number): (line: string) => void {
  const label = name.padEnd(width);
  const colored = process.stdout.isTTY ? `\x1b[${COLORS[index % COLORS.length]}m${label}\x1b[0m` : label;
  return (line) => process.stdout.write(`${colored} │ ${line}\n`);
}

/**
 * Starts TypeScript entry points as child processes and stops them again. Children get their own
 * process group, so a Ctrl-C reaches only this supervisor, which then stops them in order
 * (services first, the database last) instead of all dying at once.
 */
export class Supervisor {
  private readonly children: Managed[] = [];
  private readonly width: number;
  private stopping = false;

  constructor(
    names: readonly string[],
    private readonly onUnexpectedExit: (name: string, code: number | null) => void,
  ) {
    this.width = Math.max(...names.map((n) => n.length));
    // Last resort if this process dies abruptly: no child may outlive it.
    process.on('exit', () => {
      for (const { child } of this.children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    });
  }

  log(name: string, line: string): void {
    prefixer(name, this.children.length, this.width)(line);
  }

  spawn(name: string, entry: string, options: SpawnOptions): Managed {
    const child = spawn(process.execPath, ['--import', 'tsx', entry], {
      cwd: REPO_ROOT,
      env: options.env,
      detached: true,
      stdio: options.ipc ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
    });
    const print = prefixer(name, this.children.length, this.width);
    for (const stream of [child.stdout, child.stderr]) if (stream) createInterface({ input: stream }).on('line', print);
    const exited = new Promise<number | null>((resolve) => {
      child.on('exit', (code) => resolve(code));
      child.on('error', (error) => {
        print(`не удалось запустить: ${error.message}`);
        resolve(1);
      });
    });
    const managed = { name, child, exited };
    this.children.push(managed);
    void exited.then((code) => {
      if (!this.stopping && !options.oneShot) this.onUnexpectedExit(name, code);
    });
    return managed;
  }

  /** Stops the named processes together (SIGTERM, then SIGKILL after a grace period). */
  async stop(names: readonly string[]): Promise<void> {
    this.stopping = true;
    await Promise.all(this.children.filter((m) => names.includes(m.name)).map(stopOne));
  }

  async stopAll(): Promise<void> {
    this.stopping = true;
    await Promise.all(this.children.map(stopOne));
  }
}

async function stopOne(managed: Managed): Promise<void> {
  const { child, exited } = managed;
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
  await exited;
  clearTimeout(timer);
}

import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { REPO_ROOT } from '../frontend-build';

export interface Managed {
  name: string;
  /** The first process started under this name (a restart starts another). */
  child: ChildProcess;
  /** Resolves with the first process's exit code (null when killed by a signal). */
  exited: Promise<number | null>;
}

export interface SpawnOptions {
  env: NodeJS.ProcessEnv;
  /** Opens an IPC channel (the embedded Postgres reports its URL through it). */
  ipc?: boolean;
  /** A step that is meant to finish (schema preparation): its exit is not restarted. */
  oneShot?: boolean;
}

/** How a service that died is started again: after `firstMs`, doubling up to `maxMs`; a run of `stableMs` forgives earlier failures. */
export interface RestartPolicy {
  firstMs: number;
  maxMs: number;
  stableMs: number;
}

export const DEFAULT_RESTART: RestartPolicy = { firstMs: 1000, maxMs: 30_000, stableMs: 60_000 };

/** The delay before restart number `attempt` (1 for the first). */
export function restartDelay(policy: RestartPolicy, attempt: number): number {
  return Math.min(policy.maxMs, policy.firstMs * 2 ** Math.max(0, attempt - 1));
}

const COLORS = [36, 33, 35, 32, 34, 31, 96, 93];
const STOP_GRACE_MS = 10_000;

/** A prefix like `query-api   │ ` so interleaved logs of every process stay readable. */
export function prefixer(name: string, index: number, width: number): (line: string) => void {
  const label = name.padEnd(width);
  const colored = process.stdout.isTTY ? `\x1b[${COLORS[index % COLORS.length]}m${label}\x1b[0m` : label;
  return (line) => process.stdout.write(`${colored} │ ${line}\n`);
}

/** One name's current process, and what restarting it takes. */
interface Service {
  name: string;
  entry: string;
  options: SpawnOptions;
  print: (line: string) => void;
  child: ChildProcess;
  exited: Promise<number | null>;
  startedAt: number;
  /** Restarts since it last ran for `stableMs`. */
  failures: number;
  restartTimer?: NodeJS.Timeout;
}

/**
 * Starts TypeScript entry points as child processes, restarts one that dies, and stops them
 * again. Children get their own process group, so a Ctrl-C reaches only this supervisor, which
 * then stops them in order (services first, the database last) instead of all dying at once.
 * A service that dies is started again with a growing delay, while the others keep running:
 * one crashing process must not take the whole site down.
 */
export class Supervisor {
  private readonly services = new Map<string, Service>();
  private readonly colors = new Map<string, number>();
  private readonly width: number;
  private stopping = false;

  constructor(
    names: readonly string[],
    private readonly restart: RestartPolicy = DEFAULT_RESTART,
  ) {
    this.width = Math.max(...names.map((n) => n.length));
    names.forEach((name, i) => this.colors.set(name, i));
    // Last resort if this process dies abruptly: no child may outlive it.
    process.on('exit', () => {
      for (const { child } of this.services.values()) if (running(child)) child.kill('SIGKILL');
    });
  }

  log(name: string, line: string): void {
    prefixer(name, this.colors.get(name) ?? 0, this.width)(line);
  }

  spawn(name: string, entry: string, options: SpawnOptions): Managed {
    const print = prefixer(name, this.colors.get(name) ?? 0, this.width);
    const service: Service = { name, entry, options, print, failures: 0, ...this.start(entry, options, print) };
    this.services.set(name, service);
    this.watch(service);
    return { name, child: service.child, exited: service.exited };
  }

  /** Stops the named processes together (SIGTERM, then SIGKILL after a grace period); none is restarted after. */
  async stop(names: readonly string[]): Promise<void> {
    this.stopping = true;
    await Promise.all([...this.services.values()].filter((s) => names.includes(s.name)).map(stopOne));
  }

  async stopAll(): Promise<void> {
    this.stopping = true;
    await Promise.all([...this.services.values()].map(stopOne));
  }

  private start(entry: string, options: SpawnOptions, print: (line: string) => void): Pick<Service, 'child' | 'exited' | 'startedAt'> {
    const child = spawn(process.execPath, ['--import', 'tsx', entry], {
      cwd: REPO_ROOT,
      env: options.env,
      detached: true,
      stdio: options.ipc ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
    });
    for (const stream of [child.stdout, child.stderr]) if (stream) createInterface({ input: stream }).on('line', print);
    const exited = new Promise<number | null>((resolve) => {
      child.on('exit', (code) => resolve(code));
      child.on('error', (error) => {
        print(`не удалось запустить: ${error.message}`);
        resolve(1);
      });
    });
    if (!options.oneShot) print(`запущен (pid ${child.pid})`);
    return { child, exited, startedAt: Date.now() };
  }

  /** Restarts `service` whenever its process exits, unless it is a one-shot step or everything is stopping. */
  private watch(service: Service): void {
    const { child } = service;
    void service.exited.then((code) => {
      if (this.stopping || service.options.oneShot || service.child !== child) return;
      if (Date.now() - service.startedAt >= this.restart.stableMs) service.failures = 0;
      service.failures += 1;
      const delay = restartDelay(this.restart, service.failures);
      service.print(`завершился (код ${code ?? 'сигнал'}), перезапуск через ${(delay / 1000).toFixed(1)} с (попытка ${service.failures})`);
      service.restartTimer = setTimeout(() => {
        service.restartTimer = undefined;
        if (this.stopping) return;
        Object.assign(service, this.start(service.entry, service.options, service.print));
        this.watch(service);
      }, delay);
    });
  }
}

const running = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

async function stopOne(service: Service): Promise<void> {
  clearTimeout(service.restartTimer);
  const { child, exited } = service;
  if (!running(child)) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
  await exited;
  clearTimeout(timer);
}

/**
 * The local stack's state folder (default `.local/state`, git-ignored): emulator data, the ids of the user pool
 * and app client, the ports last used, and a lock file so a second start on the same data is refused clearly
 * instead of crashing (two dynalite servers on one LevelDB folder die with "Database is not open").
 */
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LocalService } from './service';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const defaultStateDir = join(repoRoot, '.local', 'state');

interface LockInfo {
  pid: number;
  startedAt: string;
  siteUrl?: string;
}

export class StackAlreadyRunningError extends Error {
  constructor(
    readonly stateDir: string,
    readonly holder: LockInfo,
  ) {
    super(
      `The local stack is already running (pid ${holder.pid}) on the state folder ${stateDir}` +
        `${holder.siteUrl ? `, site at ${holder.siteUrl}` : ''}. ` +
        'Stop that one first (Ctrl-C in its terminal), or start this one with another state folder.',
    );
    this.name = 'StackAlreadyRunningError';
  }
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

class StateLock {
  private constructor(
    private readonly file: string,
    private info: LockInfo,
  ) {}

  /** Takes the lock atomically; a lock left by a process that no longer runs is taken over. */
  static acquire(stateDir: string): StateLock {
    mkdirSync(stateDir, { recursive: true });
    const file = join(stateDir, 'lock.json');
    const info: LockInfo = { pid: process.pid, startedAt: new Date().toISOString() };
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        const fd = openSync(file, 'wx');
        writeSync(fd, JSON.stringify(info));
        closeSync(fd);
        return new StateLock(file, info);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      let holder: LockInfo | undefined;
      try {
        holder = JSON.parse(readFileSync(file, 'utf8')) as LockInfo;
      } catch {
        holder = undefined; // half-written or corrupt: treat as stale
      }
      if (holder && Number.isInteger(holder.pid) && pidAlive(holder.pid)) {
        throw new StackAlreadyRunningError(stateDir, holder);
      }
      rmSync(file, { force: true });
    }
    throw new Error(`Could not take the lock ${file}`);
  }

  update(patch: Partial<LockInfo>): void {
    this.info = { ...this.info, ...patch };
    writeFileSync(this.file, JSON.stringify(this.info));
  }

  release(): void {
    try {
      const current = JSON.parse(readFileSync(this.file, 'utf8')) as LockInfo;
      if (current.pid !== process.pid || current.startedAt !== this.info.startedAt) return;
    } catch {
      return;
    }
    rmSync(this.file, { force: true });
  }
}

/** The state folder, held for the stack's lifetime; `reset` wipes its data once the lock is taken. */
export function stateFolder(stateDir: string, reset = false): LocalService<{ update(patch: Partial<LockInfo>): void; stop(): void }> {
  return {
    name: 'state folder lock',
    async start() {
      const lock = StateLock.acquire(stateDir);
      try {
        if (reset) wipeState(stateDir);
      } catch (error) {
        lock.release();
        throw error;
      }
      return { update: (patch) => lock.update(patch), stop: () => lock.release() };
    },
  };
}

/** Wipes the emulators' data (`--reset`). Call it while holding the lock: everything but the lock goes. */
function wipeState(stateDir: string): void {
  if (!existsSync(stateDir)) return;
  for (const entry of readdirSync(stateDir)) {
    if (entry !== 'lock.json') rmSync(join(stateDir, entry), { recursive: true, force: true });
  }
}

/** Small JSON documents in the state folder (ids, ports, recorded calls). */
export function readJson<T>(file: string, fallback: T): T {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return fallback;
  }
}

export function writeJson(file: string, value: unknown): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
}

/** Starting and stopping a local stack in a process of its own (./stack-process.ts says why and how it answers). */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LocalStackDescription } from '../../infra/local/stack';
import type { StackProcessOptions } from './stack-process';

export interface SeparateStack {
  description: LocalStackDescription;
  /** The stack process's output. */
  logFile: string;
  /** Runs the delivery-retry job once; answers its summary. */
  retry(): Promise<unknown>;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startSeparateStack(
  options: Omit<StackProcessOptions, 'stateDir'> & { readonly name: string; readonly execArgv?: readonly string[] },
): Promise<SeparateStack> {
  const { name, execArgv = [], ...processOptions } = options;
  const workDir = mkdtempSync(join(tmpdir(), `${name}-`));
  const logFile = join(workDir, 'stack.log');
  const log = openSync(logFile, 'a');
  const child: ChildProcess = fork(new URL('./stack-process.ts', import.meta.url).pathname, [JSON.stringify({ ...processOptions, stateDir: join(workDir, 'state') })], {
    execArgv: ['--import', 'tsx', ...execArgv],
    stdio: ['ignore', log, log, 'ipc'],
  });
  const waiting = new Map<number, (value: unknown) => void>();
  let nextId = 1;
  const description = await new Promise<LocalStackDescription>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The local stack did not start within 90 s (log: ${logFile})`)), 90_000);
    child.on('message', (m: { type: string; stack?: LocalStackDescription; id?: number; summary?: unknown; error?: string }) => {
      if (m.type === 'ready' && m.stack) {
        clearTimeout(timer);
        resolve(m.stack);
      }
      if (m.type === 'retried' && m.id !== undefined) {
        waiting.get(m.id)?.(m.error ? { error: m.error } : m.summary);
        waiting.delete(m.id);
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The local stack exited (${code}); log: ${logFile}\n${readFileSync(logFile, 'utf8').slice(-2000)}`));
    });
  });
  return {
    description,
    logFile,
    retry: () =>
      new Promise((resolve) => {
        const id = nextId++;
        waiting.set(id, resolve);
        child.send({ type: 'retry', id });
      }),
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.send({ type: 'stop' });
      await Promise.race([exited, sleep(15_000)]);
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(join(workDir, 'state'), { recursive: true, force: true });
    },
  };
}

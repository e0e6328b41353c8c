/**
 * The function host: runs in a thread of its own (started by ./function-hosts.ts through ./function-thread.mjs) and runs
 * the real Lambda handlers there, one message per invocation. Deployed, every function instance is a process of
 * its own; here the functions share this thread, but not the stack's: their work (SDK clients, signing,
 * validation) does not queue behind the API, the emulators and the web server, and their module state (clients,
 * caches) is the functions' alone, as it is in Lambda.
 *
 *   <- { id, fn, event, deadline }                    invoke `fn` (its module imported on first use)
 *   -> { id, ok: true, result } | { id, ok: false, error: { name, message, stack } }
 */
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import type { Context } from 'aws-lambda';
import { functions, type FunctionName } from '@shared/deployment/manifest';
import { join } from 'node:path';
import { lambdaContext, runAsFunction } from './lambda-runtime';
import { repoRoot } from './state';

type Handler = (event: unknown, context: Context) => Promise<unknown>;

export interface Invocation {
  id: number;
  fn: FunctionName;
  event: unknown;
  /** When the function's timeout ends (ms since the epoch): what `getRemainingTimeInMillis` counts down to. */
  deadline: number;
}

export type InvocationOutcome = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: { name: string; message: string; stack?: string } };

const loaded = new Map<FunctionName, Promise<Handler>>();

function load(fn: FunctionName): Promise<Handler> {
  let pending = loaded.get(fn);
  if (!pending) {
    const entry = functions[fn].entry;
    pending = import(pathToFileURL(join(repoRoot, entry)).href).then((mod: { handler?: unknown }) => {
      if (typeof mod.handler !== 'function') throw new Error(`${entry} does not export a function named "handler".`);
      return mod.handler as Handler;
    });
    // A module that failed to load is retried on the next call (the file may be mid-edit).
    pending.catch(() => loaded.delete(fn));
    loaded.set(fn, pending);
  }
  return pending;
}

async function run({ fn, event, deadline }: Invocation): Promise<unknown> {
  const handler = await load(fn);
  // As that function, with its own name and context, as its own instance would run it (./lambda-runtime.ts).
  return runAsFunction(fn, () => Promise.resolve(handler(event, lambdaContext(fn, deadline))));
}

/**
 * Lowers this thread's scheduling priority (the background lane, ./function-hosts.ts). On Linux a thread has its own
 * nice value, set through its thread id (/proc/thread-self names it); elsewhere this would renice the whole
 * stack, so it is left alone.
 */
function lowerPriority(niceness: number): void {
  if (process.platform !== 'linux' || niceness <= 0) return;
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0) setPriority(tid, niceness);
  } catch {
    // Not permitted or no /proc: the lane runs at the normal priority.
  }
}

lowerPriority((workerData as { niceness?: number } | undefined)?.niceness ?? 0);

const port = parentPort;
if (!port) throw new Error('infra/local/function-host.ts runs in a worker thread (see ./function-hosts.ts)');
port.on('message', (message: Invocation) => {
  run(message).then(
    (result) => {
      try {
        port.postMessage({ id: message.id, ok: true, result } satisfies InvocationOutcome);
      } catch (error) {
        // A result Lambda could not serialise either (a function, a cycle).
        port.postMessage({ id: message.id, ok: false, error: { name: 'Runtime.SerializationError', message: String(error) } } satisfies InvocationOutcome);
      }
    },
    (error: unknown) => {
      const e = error instanceof Error ? error : new Error(String(error));
      port.postMessage({ id: message.id, ok: false, error: { name: e.name, message: e.message, stack: e.stack } } satisfies InvocationOutcome);
    },
  );
});

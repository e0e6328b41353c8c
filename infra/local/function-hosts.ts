/**
 * Runs the real Lambda handlers, as Lambda would: one event, a context with the function's name and remaining
 * time, the function's timeout. They run in a function host (./function-host.ts), a thread of their own started
 * on first use, so the functions' work does not share the event loop of the API, the emulators and the web
 * server (deployed, each function instance is its own process). Each function's module (`functions[fn].entry`)
 * is imported there on first use, so a handler that is not written yet only fails the calls that need it, with
 * a clear message. A host that dies (an uncaught error in a handler) fails the invocations it was running, and
 * the next invocation starts a new one, as Lambda replaces a crashed instance.
 *
 * Two hosts, two lanes. `request`: what someone waits for (the API's routes, Cognito's triggers, a synchronous
 * Invoke). `background`: asynchronous invocations (the hand-off of a stored submission to its delivery, the
 * scheduled retry job). Deployed, these run on instances of their own; here each lane has a thread of its own, so a
 * burst of deliveries does not queue the visitors' requests behind it in one event loop (both share the
 * machine's cores, at the same priority).
 *
 * Warm hosts. A function's first invocation imports its module and everything it uses (TypeScript compiled on the
 * fly, the AWS SDK), about a second: the first visitor to submit a form after `npm start` waited for that. `warm()`,
 * which the stack calls at start without waiting for it, starts both hosts and imports each lane's functions in
 * the background, as Lambda's provisioned concurrency initialises instances before the first request.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { SHARE_ENV, Worker } from 'node:worker_threads';
import { asyncInvocations, functions, schedules, type FunctionName } from '@shared/deployment/manifest';
import type { Invocation, InvocationOutcome, WarmUp } from './function-host';
import { repoRoot } from './state';

export class HandlerMissingError extends Error {
  constructor(
    readonly fn: FunctionName,
    readonly entry: string,
  ) {
    super(`The handler of function "${fn}" (${entry}) is not written yet.`);
    this.name = 'HandlerMissingError';
  }
}

export class HandlerTimeoutError extends Error {
  constructor(readonly fn: FunctionName, seconds: number) {
    super(`Function "${fn}" timed out after ${seconds} s.`);
    this.name = 'HandlerTimeoutError';
  }
}

function entryPath(fn: FunctionName): string {
  return join(repoRoot, functions[fn].entry);
}

export function handlerExists(fn: FunctionName): boolean {
  return existsSync(entryPath(fn));
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/** Which function host runs an invocation (see above). */
export type Lane = 'request' | 'background';

/** The functions each lane runs: asynchronous invocations and schedules in the background, all others on request. */
export function laneFunctions(lane: Lane): FunctionName[] {
  const background = new Set<FunctionName>([...(Object.keys(asyncInvocations) as FunctionName[]), ...Object.values(schedules).map((s) => s.fn)]);
  return (Object.keys(functions) as FunctionName[]).filter((fn) => background.has(fn) === (lane === 'background'));
}

/** The thread the handlers run in; `stop` ends it (and with it the functions' open connections). */
class FunctionHost {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private ended = false;

  constructor(onEnd: () => void) {
    // SHARE_ENV: the functions read the environment the stack sets on process.env (./lambda-env.ts), and see it
    // change as a test changes it. No inherited execArgv: the thread loads TypeScript itself
    // (./function-thread.mjs). CPU_PROFILE_DIR (test/bench/load.ts) profiles this thread.
    const profile = process.env.CPU_PROFILE_DIR;
    this.worker = new Worker(new URL('./function-thread.mjs', import.meta.url), {
      env: SHARE_ENV,
      execArgv: profile ? ['--cpu-prof', '--cpu-prof-dir', profile] : [],
    });
    this.worker.on('message', (outcome: InvocationOutcome) => {
      const waiting = this.pending.get(outcome.id);
      if (!waiting) return;
      this.pending.delete(outcome.id);
      if (outcome.ok) waiting.resolve(outcome.result);
      else waiting.reject(Object.assign(new Error(outcome.error.message), { name: outcome.error.name, stack: outcome.error.stack }));
    });
    const end = (error: Error) => {
      if (this.ended) return;
      this.ended = true;
      onEnd();
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    this.worker.on('error', (error) => end(error));
    this.worker.on('exit', (code) => end(new Error(`The function host stopped (exit code ${code}).`)));
  }

  run(invocation: Omit<Invocation, 'id'> | Omit<WarmUp, 'id'>): Promise<unknown> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...invocation, id } satisfies Invocation | WarmUp);
    });
  }

  async stop(): Promise<void> {
    await this.worker.terminate();
  }
}

export class FunctionHosts {
  private readonly hosts = new Map<Lane, FunctionHost>();

  private host(lane: Lane): FunctionHost {
    let host = this.hosts.get(lane);
    if (!host) {
      const started: FunctionHost = new FunctionHost(() => {
        if (this.hosts.get(lane) === started) this.hosts.delete(lane);
      });
      this.hosts.set(lane, started);
      host = started;
    }
    return host;
  }

  /** Calls the function as Lambda would: one event, a context with its name and remaining time, its timeout. */
  async invoke(fn: FunctionName, event: unknown, lane: Lane = 'request'): Promise<unknown> {
    if (!handlerExists(fn)) throw new HandlerMissingError(fn, functions[fn].entry);
    const { timeoutSeconds } = functions[fn];
    const deadline = Date.now() + timeoutSeconds * 1000;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new HandlerTimeoutError(fn, timeoutSeconds)), timeoutSeconds * 1000);
    });
    try {
      return await Promise.race([this.host(lane).run({ fn, event, deadline }), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Starts both hosts and imports the functions of each (see above); resolves with how long each import took (ms),
   * once all are done. An invocation meanwhile waits only for the module it needs, as it would have anyway.
   */
  async warm(): Promise<Record<Lane, Record<string, number>>> {
    const lanes: Lane[] = ['request', 'background'];
    const took = await Promise.all(lanes.map((lane) => this.host(lane).run({ warm: laneFunctions(lane).filter(handlerExists) })));
    return { request: took[0] as Record<string, number>, background: took[1] as Record<string, number> };
  }

  /** Ends the function hosts; the next invocation would start new ones. */
  async stop(): Promise<void> {
    const hosts = [...this.hosts.values()];
    this.hosts.clear();
    await Promise.all(hosts.map((h) => h.stop()));
  }
}

/**
 * The function host: runs in a thread of its own (started by ./function-hosts.ts through ./function-thread.mjs) and runs
 * the real Lambda handlers there, one message per invocation. Deployed, every function instance is a process of
 * its own; here the functions share this thread, but not the stack's: their work (SDK clients, signing,
 * validation) does not queue behind the API, the emulators and the web server, and their module state (clients,
 * caches) is the functions' alone, as it is in Lambda.
 *
 *   <- { id, fn, event, deadline }                    invoke `fn` (its module imported on first use)
 *   <- { id, warm: [fn, ...] }                        import these functions' modules now (./function-hosts.ts `warm`)
 *   -> { id, ok: true, result } | { id, ok: false, error: { name, message, stack } }
 */
import { parentPort } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import type { Context } from 'aws-lambda';
import { functions, resourceName, type FunctionName } from '@shared/deployment/manifest';
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { InvokeCommand } from '@aws-sdk/client-lambda';
import { ListBucketsCommand } from '@aws-sdk/client-s3';
import { GetAccountCommand } from '@aws-sdk/client-sesv2';
import { dynamo } from '../../lambdas/lib/dynamo';
import { lambdaClient } from '../../lambdas/lib/lambda-client';
import { s3 } from '../../lambdas/lib/s3';
import { ses } from '../../lambdas/lib/ses';
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

/** Import these functions' modules ahead of their first invocation; answers how long each took (ms). */
export interface WarmUp {
  id: number;
  warm: FunctionName[];
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

const port = parentPort;
if (!port) throw new Error('infra/local/function-host.ts runs in a worker thread (see ./function-hosts.ts)');
/**
 * The AWS clients the functions share in this thread (lambdas/lib), each with one call that reads or changes
 * nothing: the first call of a client resolves its credentials, region and endpoint and loads the code that
 * signs, sends and parses (the SDK imports parts of it on demand), about 100 ms on the first submission otherwise.
 * An emulator that does not know the call (SES's account) answers an error, which is just as warm.
 */
async function warmClients(): Promise<void> {
  await Promise.allSettled([
    // One table read by its key, not a listing: a listing is an iterator in the emulator's store, and a stack
    // stopped while it runs had it read after close (an uncaught error in dynalite, test/integration/local-stack/restart.test.ts).
    dynamo().send(new DescribeTableCommand({ TableName: resourceName('local', 'submissions') })),
    s3().send(new ListBucketsCommand({})),
    ses().send(new GetAccountCommand({})),
    lambdaClient().send(new InvokeCommand({ FunctionName: resourceName('local', 'submissionDelivery'), InvocationType: 'DryRun' })),
  ]);
}

/**
 * Imports each module in turn (a module that fails to load is left for its first invocation to report), then
 * warms the shared clients; answers how long each step took (ms).
 */
async function warm({ warm: fns }: WarmUp): Promise<Record<string, number>> {
  const took: Record<string, number> = {};
  const time = async (name: string, step: () => Promise<unknown>) => {
    const started = performance.now();
    await step().catch(() => undefined);
    took[name] = Math.round(performance.now() - started);
  };
  for (const fn of fns) await time(fn, () => load(fn));
  await time('AWS clients', warmClients);
  return took;
}

port.on('message', (message: Invocation | WarmUp) => {
  ('warm' in message ? warm(message) : run(message)).then(
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

/**
 * The local Lambda service: answers the Lambda Invoke API (`POST /2015-03-31/functions/NAME/invocations`) for every
 * function of shared/deployment/manifest.ts by running its real handler in the stack's function host (./function-hosts.ts). The Lambdas reach it
 * through AWS_ENDPOINT_URL_LAMBDA, as deployed they reach Lambda itself, and cognito-local's triggers call the same
 * `invoke` in process.
 *
 *   X-Amz-Invocation-Type: RequestResponse (default)  runs the handler and answers its result (200), or the
 *                                                      error as Lambda reports it (200 + X-Amz-Function-Error)
 *   X-Amz-Invocation-Type: Event                       answers 202 at once and runs the handler in the background
 *   X-Amz-Invocation-Type: DryRun                      answers 204 when the function exists
 *
 * A function is named by its physical name (`agency-local-<fn>`, what the functions' environment carries), its ARN
 * or its logical name. Background runs are tracked: `stop()` closes the endpoint and waits for them, so a stack
 * that stops in the middle of deliveries lets them finish. At most `asyncConcurrency` of them run at once and the
 * rest wait their turn, as events wait in Lambda's asynchronous queue: deployed, each instance runs one event at a
 * time on its own CPU; here they share one thread, and a burst's thousand deliveries at once would each take as
 * long as all of them together, past their own time limits. A background run that fails is logged and not retried
 * (deployed, Lambda would retry twice and then park the event): whatever it left pending, the retry job picks up.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { functions, resourceName, type FunctionName } from '@shared/deployment/manifest';
import type { FunctionHosts } from './function-hosts';
import { localOnly } from './local-only';
import { choosePort, closeServer, HOST, listen, readBody, sendJson } from './net';
import type { LocalService } from './service';

export type InvocationType = 'RequestResponse' | 'Event' | 'DryRun';

export interface LocalLambda {
  /** The endpoint for the SDK, with the per-start token as its path. */
  url: string;
  port: number;
  /** Runs a function as an Invoke call of that type would (Event: started, not awaited). */
  invoke(fn: FunctionName, event: unknown, type?: InvocationType): Promise<unknown>;
  /** Resolves once every background (Event) run started so far has finished. */
  drain(): Promise<void>;
  stop(): Promise<void>;
}

/** Asynchronous invocations running at once (enough for a slow webhook's 5 s waits not to hold the queue). */
export const asyncConcurrency = 50;

const invokePath = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/;
/** Lambda's own limit on a synchronous payload. */
const maxPayloadBytes = 6 * 1024 * 1024;

/** The function an Invoke call names: a physical name, an ARN (with or without a qualifier) or a logical name. */
export function functionNamed(name: string, stage = 'local'): FunctionName | undefined {
  const arn = /^arn:[^:]+:lambda:[^:]*:[^:]*:function:([^:]+)(?::[^:]+)?$/.exec(name);
  const bare = arn?.[1] ?? name.replace(/:[^:]+$/, '');
  return (Object.keys(functions) as FunctionName[]).find((fn) => fn === bare || resourceName(stage, fn) === bare);
}

function lambdaError(res: ServerResponse, status: number, type: string, message: string): void {
  sendJson(res, status, { Type: 'User', message }, { 'x-amzn-errortype': type });
}

export function createLocalLambda(hosts: Pick<FunctionHosts, 'invoke'>, log: (line: string) => void = (l) => console.error(l)) {
  const background = new Set<Promise<void>>();
  const waiting: (() => void)[] = [];
  let running = 0;

  /** Resolves when an asynchronous invocation may start (at once while fewer than asyncConcurrency run). */
  function turn(): Promise<void> {
    if (running < asyncConcurrency) {
      running += 1;
      return Promise.resolve();
    }
    return new Promise((start) => waiting.push(start));
  }

  function done(): void {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }

  function invoke(fn: FunctionName, event: unknown, type: InvocationType = 'RequestResponse'): Promise<unknown> {
    if (type === 'DryRun') return Promise.resolve(undefined);
    if (type === 'RequestResponse') return hosts.invoke(fn, event);
    const run: Promise<void> = turn()
      .then(() => hosts.invoke(fn, event, 'background').finally(done))
      .then(() => undefined)
      .catch((error: unknown) => log(`[lambda] ${fn} (asynchronous invocation) failed: ${error instanceof Error ? error.stack ?? error.message : String(error)}`))
      .finally(() => background.delete(run));
    background.add(run);
    return Promise.resolve(undefined);
  }

  async function drain(): Promise<void> {
    while (background.size > 0) await Promise.allSettled(background);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const match = invokePath.exec(new URL(req.url ?? '/', 'http://lambda.local').pathname);
    if (req.method !== 'POST' || !match) return lambdaError(res, 404, 'UnknownOperationException', 'Only Invoke is served here.');
    const name = decodeURIComponent(match[1] ?? '');
    const fn = functionNamed(name);
    if (!fn) return lambdaError(res, 404, 'ResourceNotFoundException', `Function not found: ${name}`);
    const type = (req.headers['x-amz-invocation-type'] ?? 'RequestResponse') as InvocationType;
    if (!['RequestResponse', 'Event', 'DryRun'].includes(type)) {
      return lambdaError(res, 400, 'InvalidParameterValueException', `Unknown invocation type ${type}`);
    }
    let event: unknown;
    try {
      const body = (await readBody(req, maxPayloadBytes)).toString('utf8');
      event = body ? JSON.parse(body) : {};
    } catch {
      return lambdaError(res, 400, 'InvalidRequestContentException', 'Could not parse request body into json');
    }
    const headers = { 'x-amz-executed-version': '$LATEST' };
    if (type === 'DryRun') {
      res.writeHead(204, headers).end();
      return;
    }
    if (type === 'Event') {
      void invoke(fn, event, 'Event');
      res.writeHead(202, headers).end();
      return;
    }
    try {
      const result = await invoke(fn, event, 'RequestResponse');
      res.writeHead(200, { ...headers, 'content-type': 'application/json' }).end(JSON.stringify(result ?? null));
    } catch (error) {
      const e = error instanceof Error ? error : new Error(String(error));
      log(`[lambda] ${fn} failed: ${e.stack ?? e.message}`);
      res
        .writeHead(200, { ...headers, 'content-type': 'application/json', 'x-amz-function-error': 'Unhandled' })
        .end(JSON.stringify({ errorType: e.name, errorMessage: e.message }));
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      log(`[lambda] ${String(error)}`);
      if (!res.headersSent) lambdaError(res, 500, 'ServiceException', 'The local Lambda service failed.');
    });
  });

  return { server, invoke, drain };
}

/**
 * Starts the local Lambda service on `port` (0 = a free one). Its URL carries a random token, new at every start,
 * as its first path segment: the stack hands the URL to the SDK (AWS_ENDPOINT_URL_LAMBDA, which keeps the path),
 * and a request without it, or from a web page of any origin, runs nothing (./local-only.ts).
 */
export async function startLocalLambda(hosts: Pick<FunctionHosts, 'invoke'>, port = 0): Promise<LocalLambda> {
  const { server, invoke, drain } = createLocalLambda(hosts);
  const token = randomBytes(24).toString('base64url');
  localOnly(server, { token });
  const actual = await listen(server, port);
  return {
    url: `http://${HOST}:${actual}/${token}`,
    port: actual,
    invoke,
    drain,
    async stop() {
      await closeServer(server);
      await drain();
    },
  };
}

/** The preferred port (the last run's, so the URL stays the same across restarts) when it is free. */
export function localLambdaService(hosts: Pick<FunctionHosts, 'invoke'>, preferredPort?: number): LocalService<LocalLambda> {
  return { name: 'Lambda service', start: async () => startLocalLambda(hosts, await choosePort(preferredPort)) };
}

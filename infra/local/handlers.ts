/**
 * Runs the real Lambda handlers in this process. Each function's module (`functions[fn].entry`) is imported on
 * first use, so a handler that is not written yet only fails the calls that need it, with a clear message.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context } from 'aws-lambda';
import { functions, resourceName, type FunctionName } from '@shared/deployment/manifest';
import { repoRoot } from './state';

type Handler = (event: unknown, context: Context) => Promise<unknown>;

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

export class Handlers {
  private readonly loaded = new Map<FunctionName, Promise<Handler>>();

  private load(fn: FunctionName): Promise<Handler> {
    let pending = this.loaded.get(fn);
    if (!pending) {
      const entry = functions[fn].entry;
      if (!handlerExists(fn)) return Promise.reject(new HandlerMissingError(fn, entry));
      pending = import(pathToFileURL(entryPath(fn)).href).then((mod: { handler?: unknown }) => {
        if (typeof mod.handler !== 'function') throw new Error(`${entry} does not export a function named "handler".`);
        return mod.handler as Handler;
      });
      // A module that failed to load is retried on the next call (the file may be mid-edit).
      pending.catch(() => this.loaded.delete(fn));
      this.loaded.set(fn, pending);
    }
    return pending;
  }

  /** Calls the function as Lambda would: one event, a context with its name and remaining time, its timeout. */
  async invoke(fn: FunctionName, event: unknown): Promise<unknown> {
    const handler = await this.load(fn);
    const def = functions[fn];
    const deadline = Date.now() + def.timeoutSeconds * 1000;
    const name = resourceName('local', fn);
    const requestId = randomUUID();
    const context: Context = {
      callbackWaitsForEmptyEventLoop: true,
      functionName: name,
      functionVersion: '$LATEST',
      invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${name}`,
      memoryLimitInMB: String(def.memoryMb),
      awsRequestId: requestId,
      logGroupName: `/aws/lambda/${name}`,
      logStreamName: `local/${requestId}`,
      getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
      done: () => undefined,
      fail: () => undefined,
      succeed: () => undefined,
    };
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new HandlerTimeoutError(fn, def.timeoutSeconds)), def.timeoutSeconds * 1000);
    });
    try {
      return await Promise.race([Promise.resolve(handler(event, context)), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}

/**
 * The local stand-in for what the Lambda runtime gives each function, and the one entry through which the local
 * stack (and the tests) adapt the Lambda code to running many functions in one thread. Deployed, every function
 * instance is a process of its own with its own environment; here the functions share a function host
 * (./function-host.ts), so this module gives each invocation what its own instance would have:
 *
 * - its name in the environment: `POWERTOOLS_SERVICE_NAME` answers the running function's name inside an
 *   invocation (the CDK sets it per function, infra/constructs/app-function.ts), so lambdas/lib/secrets.ts lets
 *   each function read only the secrets its FunctionDef declares, as IAM does deployed;
 * - a context: its name, request id and remaining time (`lambdaContext`);
 * - SDK clients built for the current endpoints (`resetLambdaClients`, after the stack or a test changed them).
 *
 * Production code never imports this module (lint; test/unit/infra/lib/bundling.test.ts checks the bundles).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { Context } from 'aws-lambda';
import { functions, resourceName, type FunctionName } from '@shared/deployment/manifest';
import { resetCognito } from '../../lambdas/lib/cognito';
import { resetDynamo } from '../../lambdas/lib/dynamo';
import { resetLambdaClient } from '../../lambdas/lib/lambda-client';
import { resetS3 } from '../../lambdas/lib/s3';
import { resetSes } from '../../lambdas/lib/ses';

/** The stage the local stack's resources and functions are named for (`agency-local-...`). */
export const localStage = 'local';

/** The variable naming the running function (Powertools' service name, set per function deployed). */
const FUNCTION_NAME_VARIABLE = 'POWERTOOLS_SERVICE_NAME';

const running = new AsyncLocalStorage<FunctionName>();
let perInvocation: NodeJS.ProcessEnv | undefined;

/**
 * This thread's process.env, but answering the running function's name for `POWERTOOLS_SERVICE_NAME` inside an
 * invocation; everything else reads and writes through to the real (shared) environment.
 */
function installPerInvocationEnvironment(): void {
  if (perInvocation && process.env === perInvocation) return;
  const shared = process.env;
  perInvocation = new Proxy(shared, {
    get: (target, name, receiver) => (name === FUNCTION_NAME_VARIABLE ? (running.getStore() ?? Reflect.get(target, name)) : Reflect.get(target, name, receiver)),
  });
  process.env = perInvocation;
}

/** Runs one invocation of `fn`'s handler as that function, as its own instance would run it. */
export function runAsFunction<T>(fn: FunctionName, run: () => T): T {
  installPerInvocationEnvironment();
  return running.run(fn, run);
}

/** The context Lambda hands a handler: the function's name, a request id, the time left until `deadline`. */
export function lambdaContext(fn: FunctionName, deadline: number): Context {
  const name = resourceName(localStage, fn);
  const requestId = randomUUID();
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName: name,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${name}`,
    memoryLimitInMB: String(functions[fn].memoryMb),
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/${name}`,
    logStreamName: `local/${requestId}`,
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

/** Drops the Lambda code's SDK clients (in this thread), so the next call builds them for the current endpoints. */
export function resetLambdaClients(): void {
  resetDynamo();
  resetS3();
  resetSes();
  resetLambdaClient();
  resetCognito();
}

/**
 * How every function's handler is built: middy with Powertools' `injectLambdaContext`, so each log line of an
 * invocation carries the Lambda request id (and function name, cold start). HTTP routes go through
 * `httpHandler` (./http.ts), which builds on this; triggers and scheduled jobs use it directly.
 */
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import type { FunctionName } from '@shared/deployment/manifest';
import { checkRequiredSettings } from './env';
import { logger } from './logger';

/**
 * `middlewares` run after the request id is in the logs (e.g. the API's origin check).
 * `fn`: the function (shared/deployment/manifest.ts) whose required settings are checked on the container's first
 * invocation, so a missing one fails loudly with its name instead of turning up later as an empty string.
 * The Cognito triggers pass none: a trigger that throws blocks the sign-up, and they fall back on their own.
 */
export function lambdaHandler<E, R>(
  fn: FunctionName | undefined,
  middlewares: readonly middy.MiddlewareObj<E, R>[],
  handle: (event: E, context: Context) => Promise<R>,
) {
  let settingsChecked = false;
  const wrapped = middy<E, R>()
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .use([...middlewares])
    .handler(async (event, context) => {
      if (fn && !settingsChecked) {
        checkRequiredSettings(fn);
        settingsChecked = true;
      }
      return handle(event, context);
    });
  return (event: E, context: Context): Promise<R> => wrapped(event, context);
}

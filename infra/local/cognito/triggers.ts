/**
 * Trigger invocations call the real trigger handlers (`userPool.triggers` in shared/deployment/manifest.ts) through
 * the local Lambda service, in this process; a trigger whose file does not exist yet is treated as not configured,
 * which is how Cognito behaves without it.
 */
import { userPool, type FunctionName } from '@shared/deployment/manifest';
import { HandlerTimeoutError, handlerExists } from '../function-hosts';
import type { LocalLambda } from '../lambda-service';
import { LambdaService } from '../patches/cognito-local';

/** Cognito trigger keys as cognito-local names them, from `userPool.triggers` (customMessage -> CustomMessage). */
export const triggerFunctions: Record<string, FunctionName> = Object.fromEntries(
  Object.entries(userPool.triggers).map(([key, fn]) => [key[0]?.toUpperCase() + key.slice(1), fn]),
);

/**
 * How many times Cognito calls a trigger that does not answer within its 5 s: "If it doesn't and if the call can be
 * retried, Amazon Cognito retries the call. After three unsuccessful attempts, the function times out." (Cognito
 * developer guide, Lambda triggers.) A trigger that answers with an error is not called again.
 */
export const triggerAttempts = 3;

/** Calls a trigger as Cognito does: again after a timeout, up to `triggerAttempts` times in all. */
async function callTrigger(lambda: Pick<LocalLambda, 'invoke'>, fn: FunctionName, event: unknown): Promise<unknown> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lambda.invoke(fn, event, 'RequestResponse');
    } catch (error) {
      if (!(error instanceof HandlerTimeoutError) || attempt >= triggerAttempts) throw error;
      console.error(`[cognito] trigger ${fn} timed out (attempt ${attempt} of ${triggerAttempts}); calling it again`);
    }
  }
}

/** cognito-local's Lambda client, answered by the local Lambda service (../lambda-service.ts) in process. */
function inProcessLambdaClient(lambda: Pick<LocalLambda, 'invoke'>) {
  return {
    invoke(params: { FunctionName: string; Payload: string }) {
      return {
        promise: async () => {
          try {
            const result = await callTrigger(lambda, params.FunctionName as FunctionName, JSON.parse(params.Payload));
            return { StatusCode: 200, Payload: JSON.stringify(result ?? {}) };
          } catch (error) {
            const e = error as Error;
            console.error(`[cognito] trigger ${params.FunctionName} failed:`, e);
            return {
              StatusCode: 200,
              FunctionError: 'Unhandled',
              Payload: JSON.stringify({ errorType: e.name, errorMessage: e.message }),
            };
          }
        },
      };
    },
  };
}

class LocalLambdaService extends LambdaService {
  /** A trigger counts as configured only once its handler file exists (other engineers may still be writing it). */
  override enabled(lambda: Parameters<LambdaService['enabled']>[0]): boolean {
    const fn = triggerFunctions[lambda];
    return fn !== undefined && handlerExists(fn);
  }

  /**
   * A trigger that throws is reported as Cognito reports it, "PreSignUp failed with error <message>.", naming the
   * trigger: cognito-local names the function instead ("authPreSignUp failed with error ..."), which is not what
   * the web app meets deployed.
   */
  override async invoke(...args: Parameters<LambdaService['invoke']>): ReturnType<LambdaService['invoke']> {
    const [, trigger] = args;
    try {
      return await super.invoke(...args);
    } catch (error) {
      const fn = triggerFunctions[trigger];
      const e = error as Error & { code?: string };
      if (fn && e.code === 'UserLambdaValidationException' && e.message.startsWith(`${fn} failed with error `)) {
        e.message = `${trigger}${e.message.slice(fn.length)}`;
      }
      throw error;
    }
  }
}

export function inProcessTriggers(lambda: Pick<LocalLambda, 'invoke'>): LambdaService {
  return new LocalLambdaService(
    triggerFunctions,
    inProcessLambdaClient(lambda) as unknown as ConstructorParameters<typeof LambdaService>[1],
  );
}

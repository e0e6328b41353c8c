/**
 * Trigger invocations call the real trigger handlers (`userPool.triggers` in shared/deployment/manifest.ts) through
 * the local Lambda service, in this process; a trigger whose file does not exist yet is treated as not configured,
 * which is how Cognito behaves without it.
 */
import { userPool, type FunctionName } from '@shared/deployment/manifest';
import { handlerExists } from '../function-hosts';
import type { LocalLambda } from '../lambda-service';
import { LambdaService } from '../patches/cognito-local';

/** Cognito trigger keys as cognito-local names them, from `userPool.triggers` (customMessage -> CustomMessage). */
export const triggerFunctions: Record<string, FunctionName> = Object.fromEntries(
  Object.entries(userPool.triggers).map(([key, fn]) => [key[0]?.toUpperCase() + key.slice(1), fn]),
);

/** cognito-local's Lambda client, answered by the local Lambda service (../lambda-service.ts) in process. */
function inProcessLambdaClient(lambda: Pick<LocalLambda, 'invoke'>) {
  return {
    invoke(params: { FunctionName: string; Payload: string }) {
      return {
        promise: async () => {
          try {
            const result = await lambda.invoke(params.FunctionName as FunctionName, JSON.parse(params.Payload), 'RequestResponse');
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

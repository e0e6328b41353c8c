/**
 * The local Cognito calls its triggers as Cognito does (infra/local/cognito/triggers.ts): a trigger that does not
 * answer within its timeout is called again, three attempts in all; a trigger that answers with an error is not.
 */
import { describe, expect, it, vi } from 'vitest';
import { userPool } from '@shared/deployment/manifest';
import { inProcessTriggers, triggerAttempts } from '../../../../../infra/local/cognito/triggers';
import { HandlerTimeoutError } from '../../../../../infra/local/function-hosts';

const ctx = { logger: { debug: () => undefined, error: () => undefined, info: () => undefined, warn: () => undefined } };
const signUp = {
  triggerSource: 'PreSignUp_SignUp',
  clientId: 'client',
  username: 'ann@example.com',
  userPoolId: 'pool',
  userAttributes: { email: 'ann@example.com' },
  validationData: undefined,
  clientMetadata: undefined,
} as const;

/** A Lambda service whose trigger answers with each of `outcomes` in turn (an Error is thrown). */
function lambdaAnswering(...outcomes: (Error | object)[]) {
  const invoke = vi.fn<(fn: string, event: unknown) => Promise<unknown>>(async () => {
    const next = outcomes.shift();
    if (next instanceof Error) throw next;
    return next;
  });
  return { invoke };
}

const preSignUp = userPool.triggers.preSignUp;

describe("the local Cognito's triggers", () => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);

  it('calls a trigger that timed out again, and the sign-up goes on with its answer', async () => {
    const lambda = lambdaAnswering(new HandlerTimeoutError(preSignUp, 5), { response: { autoConfirmUser: false } });
    const answer = await inProcessTriggers(lambda).invoke(ctx as never, 'PreSignUp', signUp as never);
    expect(answer).toEqual({ autoConfirmUser: false });
    expect(lambda.invoke).toHaveBeenCalledTimes(2);
  });

  it(`fails after ${triggerAttempts} timed-out attempts, as "PreSignUp failed with error ..."`, async () => {
    const lambda = lambdaAnswering(...Array.from({ length: 5 }, () => new HandlerTimeoutError(preSignUp, 5)));
    await expect(inProcessTriggers(lambda).invoke(ctx as never, 'PreSignUp', signUp as never)).rejects.toThrow(
      `PreSignUp failed with error Function "${preSignUp}" timed out after 5 s.`,
    );
    expect(lambda.invoke).toHaveBeenCalledTimes(3);
  });

  it('does not call a trigger again that refused (an error is its answer)', async () => {
    const refused = Object.assign(new Error('Usernames are 3-32 characters.'), { name: 'UsernameRefused' });
    const lambda = lambdaAnswering(refused, { response: {} });
    await expect(inProcessTriggers(lambda).invoke(ctx as never, 'PreSignUp', signUp as never)).rejects.toThrow(
      'PreSignUp failed with error Usernames are 3-32 characters.',
    );
    expect(lambda.invoke).toHaveBeenCalledTimes(1);
  });
});

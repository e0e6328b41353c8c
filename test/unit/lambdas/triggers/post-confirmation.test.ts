/**
 * The post-confirmation trigger against the local DynamoDB stand-in: a confirmed sign-up creates the profile row,
 * a replay leaves it as it is, a confirmed password reset creates none.
 */
import { describe, expect, it } from 'vitest';
import { handler as postConfirmation } from '../../../../lambdas/triggers/post-confirmation';
import { getProfile, profileStore } from '../../../../lambdas/data/profiles';
import { lambdaContext } from '../../../helpers/http-event';
import { withMemoryDynamo } from '../../../helpers/memory-dynamodb';
import { postConfirmationEvent } from '../../../helpers/records';

withMemoryDynamo();

const confirmation = postConfirmationEvent;

describe('post-confirmation trigger', () => {
  it('creates the profile on sign-up confirmation with the chosen username', async () => {
    const before = Date.now();
    await postConfirmation(
      confirmation('PostConfirmation_ConfirmSignUp', { sub: 'user-1', email: 'ada@example.com', preferred_username: 'ada' }),
      lambdaContext,
    );
    const row = await getProfile('user-1');
    expect(row?.username).toBe('ada');
    expect(Date.parse(row?.created_at ?? '')).toBeGreaterThanOrEqual(before - 1000);
  });

  it('a replay leaves an existing (renamed) profile untouched', async () => {
    const renamed = await profileStore.updateUsername('user-1', 'ada lovelace');
    await postConfirmation(
      confirmation('PostConfirmation_ConfirmSignUp', { sub: 'user-1', email: 'ada@example.com', preferred_username: 'ada' }),
      lambdaContext,
    );
    expect(await getProfile('user-1')).toEqual(renamed);
    expect(renamed?.username).toBe('ada lovelace');
  });

  it('a confirmed password reset does not create a profile', async () => {
    await postConfirmation(
      confirmation('PostConfirmation_ConfirmForgotPassword', { sub: 'user-2', email: 'bob@example.com', preferred_username: 'bob' }),
      lambdaContext,
    );
    expect(await getProfile('user-2')).toBeUndefined();
  });
});

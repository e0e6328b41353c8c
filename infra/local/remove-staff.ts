/**
 * `npm run staff:remove -- someone@example.com [--state-dir DIR]`: takes a member out of the staff group of the
 * running local stack, as an operator does deployed with the AWS CLI (docs/staff.md), in the same order:
 *
 * 1. sign them out everywhere first (AdminUserGlobalSignOut): every session they hold ends before anything else
 *    happens, so no open console keeps working while they are being removed;
 * 2. remove them from the group: tokens issued from now on do not carry it;
 * 3. sign them out everywhere again: a sign-in made between 1 and 2 got a token with the group, which ends too.
 *
 * The account itself stays (a visitor's account, if they had one).
 */
import { resolve } from 'node:path';
import { AdminRemoveUserFromGroupCommand, AdminUserGlobalSignOutCommand } from '@aws-sdk/client-cognito-identity-provider';
import { STAFF_GROUP } from '@shared/contract/staff-console';
import { personQuerySchema } from '@shared/contract/schemas/staff-console';
import { parseArgs, runningPool, usage, type Args } from './add-staff';

export async function removeStaff(args: Pick<Args, 'email' | 'stateDir'>): Promise<{ email: string }> {
  const parsed = personQuerySchema.safeParse({ email: args.email ?? '' });
  if (!parsed.success) throw new Error(usage('staff:remove'));
  const email = parsed.data.email;
  const { UserPoolId, cognito } = await runningPool(args.stateDir);
  try {
    await cognito.send(new AdminUserGlobalSignOutCommand({ UserPoolId, Username: email }));
    await cognito.send(new AdminRemoveUserFromGroupCommand({ UserPoolId, Username: email, GroupName: STAFF_GROUP }));
    await cognito.send(new AdminUserGlobalSignOutCommand({ UserPoolId, Username: email }));
    return { email };
  } finally {
    cognito.destroy();
  }
}

async function main(): Promise<void> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  try {
    const { email } = await removeStaff(parseArgs(process.argv.slice(2)));
    console.log(`${email} is signed out everywhere and no longer in the ${STAFF_GROUP} group.`);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname)) void main();

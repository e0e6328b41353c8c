/**
 * `npm run staff:add -- someone@example.com [--password SECRET] [--state-dir DIR]`: makes an account of the running
 * local stack a member of the staff group (the staff console, /staff). Deployed, the operator's one command is
 * the AWS CLI's `admin-add-user-to-group` (docs/staff.md).
 *
 * It works on a fresh `npm start` state, where nobody has signed up yet: an address without an account gets one,
 * confirmed, with the given password (or a generated one, printed), and its profile row is made by the same
 * post-confirmation trigger a sign-up runs (invoked through the stack's Lambda service). An existing account keeps
 * its password. The stack must be running (it holds the pool and the trigger); the script talks to it only
 * through the Cognito and Lambda APIs, as the AWS CLI talks to AWS.
 *
 * A staff password has at least STAFF_PASSWORD_MIN_LENGTH characters. Cognito has one password policy per pool
 * (the spec's 6, for visitors), so this tool, the console's password change and docs/staff.md are where the
 * staff rule lives. The new member then sets up an authenticator app in the console before anything else.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { join, resolve } from 'node:path';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  ListGroupsCommand,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { STAFF_GROUP } from '@shared/contract/staff-console';
import { STAFF_PASSWORD_MIN_LENGTH } from '@shared/contract/schemas/auth';
import { personQuerySchema } from '@shared/contract/schemas/staff-console';
import { resourceName, userPool } from '@shared/deployment/manifest';
import { localCredentials, localRegion, localStage } from './lambda-env';
import { defaultStateDir, readJson } from './state';

export interface Args {
  email?: string;
  password?: string;
  stateDir: string;
}

export function parseArgs(argv: string[]): Args {
  const args: Args = { stateDir: defaultStateDir };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${arg} needs a value`);
      return v;
    };
    if (arg === '--password') args.password = value();
    else if (arg === '--state-dir') args.stateDir = resolve(value());
    else if (arg.startsWith('--')) throw new Error(`Unknown option ${arg}`);
    else args.email = arg;
  }
  return args;
}

interface RunningStack {
  userPoolId?: string;
  ports?: { cognito?: number };
  /** The Lambda service's endpoint, with the per-start token it wants (infra/local/stack.ts). */
  lambdaEndpoint?: string;
}

export const usage = (command: string) => `Usage: npm run ${command} -- someone@example.com${command === 'staff:add' ? ' [--password SECRET]' : ''} [--state-dir DIR]`;

/** The running local stack's pool and a Cognito client for it (the caller destroys the client). */
export async function runningPool(stateDir: string): Promise<{ stack: RunningStack; UserPoolId: string; cognito: CognitoIdentityProviderClient }> {
  const stack = readJson<RunningStack>(join(stateDir, 'stack.json'), {});
  const lock = readJson<{ pid?: number }>(join(stateDir, 'lock.json'), {});
  const cognitoUrl = stack.ports?.cognito ? `http://127.0.0.1:${stack.ports.cognito}` : undefined;
  if (!stack.userPoolId || !cognitoUrl || !lock.pid || !(await reachable(cognitoUrl))) {
    throw new Error(`The local stack is not running on ${stateDir}. Start it first (npm start), then run this again.`);
  }
  const config = { region: localRegion, credentials: localCredentials, maxAttempts: 1 };
  return { stack, UserPoolId: stack.userPoolId, cognito: new CognitoIdentityProviderClient({ ...config, endpoint: cognitoUrl }) };
}

async function reachable(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(2000) });
    return true;
  } catch {
    return false;
  }
}

export async function addStaff(args: Args): Promise<{ email: string; created: boolean; password?: string }> {
  const parsed = personQuerySchema.safeParse({ email: args.email ?? '' });
  if (!parsed.success) throw new Error(usage('staff:add'));
  if (args.password !== undefined && args.password.length < STAFF_PASSWORD_MIN_LENGTH) {
    throw new Error(`A staff password has at least ${STAFF_PASSWORD_MIN_LENGTH} characters.`);
  }
  const email = parsed.data.email;
  const { stack, UserPoolId, cognito } = await runningPool(args.stateDir);
  try {
    let created = false;
    let password: string | undefined;
    try {
      await cognito.send(new AdminGetUserCommand({ UserPoolId, Username: email }));
    } catch (error) {
      if (!(error instanceof UserNotFoundException) && (error as Error).name !== 'UserNotFoundException') throw error;
      password = args.password ?? randomBytes(15).toString('base64url');
      const out = await cognito.send(
        new AdminCreateUserCommand({
          UserPoolId,
          Username: email,
          MessageAction: 'SUPPRESS',
          UserAttributes: [
            { Name: 'email', Value: email },
            { Name: 'email_verified', Value: 'true' },
            { Name: userPool.usernameAttribute, Value: email.split('@')[0] as string },
          ],
        }),
      );
      await cognito.send(new AdminSetUserPasswordCommand({ UserPoolId, Username: email, Password: password, Permanent: true }));
      await createProfile(stack, out.User?.Attributes ?? [], email);
      created = true;
    }
    // A stack started before the staff group existed has none yet.
    const groups = await cognito.send(new ListGroupsCommand({ UserPoolId }));
    if (!groups.Groups?.some((g) => g.GroupName === STAFF_GROUP)) {
      await cognito.send(new CreateGroupCommand({ UserPoolId, GroupName: STAFF_GROUP, Description: userPool.groups[STAFF_GROUP].description }));
    }
    await cognito.send(new AdminAddUserToGroupCommand({ UserPoolId, Username: email, GroupName: STAFF_GROUP }));
    return { email, created, ...(password ? { password } : {}) };
  } finally {
    cognito.destroy();
  }
}

/** The profile row a confirmed sign-up gets, made by the post-confirmation trigger itself. */
async function createProfile(stack: RunningStack, attributes: { Name?: string; Value?: string }[], email: string): Promise<void> {
  if (!stack.lambdaEndpoint) throw new Error('The running local stack did not record its Lambda endpoint: restart it (npm start), then run this again.');
  const lambda = new LambdaClient({ region: localRegion, credentials: localCredentials, endpoint: stack.lambdaEndpoint, maxAttempts: 1 });
  const userAttributes = Object.fromEntries(attributes.filter((a) => a.Name && a.Value).map((a) => [a.Name, a.Value]));
  const invoke = new InvokeCommand({
    FunctionName: resourceName(localStage, userPool.triggers.postConfirmation),
    Payload: JSON.stringify({
      version: '1',
      region: localRegion,
      userPoolId: stack.userPoolId,
      userName: email,
      triggerSource: 'PostConfirmation_ConfirmSignUp',
      callerContext: { awsSdkVersion: 'local', clientId: 'staff:add' },
      request: { userAttributes: { ...userAttributes, email } },
      response: {},
      eventId: randomUUID(),
    }),
  });
  try {
    // Lambda answers a function's failure (a cold start past its 5 s on a busy laptop, say) as a result, not an
    // error: the trigger's write is conditional, so it is simply run again, and a lasting failure is reported.
    for (let attempt = 1; ; attempt++) {
      const out = await lambda.send(invoke);
      if (!out.FunctionError) return;
      if (attempt >= 3) throw new Error(`The post-confirmation trigger failed (${out.FunctionError}): ${Buffer.from(out.Payload ?? []).toString()}`);
    }
  } finally {
    lambda.destroy();
  }
}

async function main(): Promise<void> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  try {
    const result = await addStaff(parseArgs(process.argv.slice(2)));
    console.log(`${result.email} is in the ${STAFF_GROUP} group${result.created ? ' (new account)' : ''}.`);
    if (result.password) console.log(`Password: ${result.password}`);
    console.log('Sign in at /auth, then open /staff: the console sets up an authenticator app first, then asks for a sign-in with its code.');
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname)) void main();

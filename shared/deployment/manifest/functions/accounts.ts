/** The functions of visitors' accounts: the profile and the Cognito triggers. */
import type { FunctionDef } from './function-def';

export const accountFunctions = {
  profile: {
    entry: 'lambdas/handlers/profile.ts',
    description: "Reads and updates the signed-in user's own profile.",
    // UpdateItem only, conditioned on the row existing: a rename never creates a profile (an erased person's).
    tables: { profiles: { read: ['GetItem'], write: ['UpdateItem'] } },
    buckets: {},
    sendsMail: false,
    secrets: [],
    settings: [],
    timeoutSeconds: 10,
    memoryMb: 256,
  },
  authPreSignUp: {
    entry: 'lambdas/triggers/pre-sign-up.ts',
    description: "Cognito trigger: refuses a sign-up whose username breaks the profile's username rule.",
    tables: {},
    buckets: {},
    sendsMail: false,
    secrets: [],
    settings: [],
    timeoutSeconds: 5,
    memoryMb: 256,
  },
  authCustomMessage: {
    entry: 'lambdas/triggers/custom-message.ts',
    description: 'Cognito trigger: verification and reset mails whose links land on the site itself.',
    tables: {},
    buckets: {},
    sendsMail: false,
    secrets: [],
    settings: ['SITE_ORIGIN'],
    timeoutSeconds: 5,
    memoryMb: 256,
  },
  authPostConfirmation: {
    entry: 'lambdas/triggers/post-confirmation.ts',
    description: 'Cognito trigger: creates the profile row once an account is confirmed.',
    tables: { profiles: { write: ['PutItem'] } },
    buckets: {},
    sendsMail: false,
    secrets: [],
    settings: [],
    timeoutSeconds: 5,
    memoryMb: 256,
  },
} as const satisfies Record<string, FunctionDef>;

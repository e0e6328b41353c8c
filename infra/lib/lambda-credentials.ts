/**
 * Bundled into every function in place of `@aws-sdk/credential-provider-node` (see bundling.ts).
 *
 * In Lambda the execution role's credentials are always in the environment, and the SDK's default chain takes
 * them from there first. The rest of that chain (SSO, shared INI files, web identity via STS, container and
 * instance metadata, the sign-in flow) is dead code in a function but costs ~100 KB of every bundle and its parse
 * time on each cold start. Running the sources locally (the offline stack, tests) is not affected: only the
 * esbuild bundles use this alias.
 */
import { fromEnv } from '@aws-sdk/credential-provider-env';

export const defaultProvider = (init?: Parameters<typeof fromEnv>[0]) => fromEnv(init);

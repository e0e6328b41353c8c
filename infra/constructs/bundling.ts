/**
 * How every Lambda is built: one place for the runtime and the esbuild options, used by the CDK (NodejsFunction)
 * and by `npm run bench:lambdas`, so the benchmark measures exactly the bundles that get deployed.
 *
 * - nodejs22.x, as the issues fix it. cdk-nag's "latest runtime" rule (AwsSolutions-L1 / Serverless
 *   LambdaLatestVersion) prefers nodejs24.x and is acknowledged with that reason in infra/constructs/nag.ts;
 *   moving up is a change of `lambdaRuntime` and `esbuildTarget` here.
 * - arm64 (cheaper per ms, and the bundles contain no native code).
 * - ESM, minified, with source maps but without the sources inside them (smaller files; stack traces still map).
 * - The AWS SDK is bundled rather than taken from the runtime: only the clients a function imports end up in its
 *   bundle, cold starts do not depend on the runtime's SDK version, and tree-shaking keeps them small.
 * - CommonJS dependencies bundled into ESM still call `require` for Node built-ins, hence the createRequire banner.
 * - The SDK's default credential chain is replaced by its environment-variables provider (lambda-credentials.ts):
 *   that is where Lambda puts the role's credentials, and the rest of the chain is ~100 KB of dead code.
 */
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { OutputFormat, SourceMapMode, type BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export const lambdaRuntime = Runtime.NODEJS_22_X;
export const lambdaArchitecture = Architecture.ARM_64;
export const esbuildTarget = 'node22';

export const esmRequireBanner =
  "import { createRequire as __cjsRequire } from 'node:module'; const require = __cjsRequire(import.meta.url);";

/** Module replacements applied to every bundle. */
export const bundleAliases: Record<string, string> = {
  '@aws-sdk/credential-provider-node': fileURLToPath(new URL('./lambda-credentials.ts', import.meta.url)),
};

/** Main fields in the order esbuild should prefer them: ESM builds first, so tree-shaking works. */
export const mainFields = ['module', 'main'];

/** The NodejsFunction bundling options (local esbuild, never Docker). */
export const bundlingOptions: BundlingOptions = {
  format: OutputFormat.ESM,
  target: esbuildTarget,
  minify: true,
  sourceMap: true,
  sourceMapMode: SourceMapMode.DEFAULT,
  sourcesContent: false,
  mainFields,
  banner: esmRequireBanner,
  bundleAwsSDK: true,
  externalModules: [],
  forceDockerBundling: false,
  metafile: false,
  esbuildArgs: Object.fromEntries(Object.entries(bundleAliases).map(([from, to]) => [`--alias:${from}`, to])),
};

/**
 * The same build expressed as esbuild API options, for the benchmark. Keep in step with what NodejsFunction
 * passes to esbuild for `bundlingOptions` (bundle, platform node, the target, ESM, minify, source map, banner).
 */
export function esbuildOptions(entry: string, outfile: string) {
  return {
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node' as const,
    target: esbuildTarget,
    format: 'esm' as const,
    minify: true,
    sourcemap: true,
    sourcesContent: false,
    mainFields,
    banner: { js: esmRequireBanner },
    external: [] as string[],
    alias: bundleAliases,
    logLevel: 'warning' as const,
  };
}

/**
 * How every Lambda is built: one esbuild build (`bundleFunction`), run by the CDK for each function's asset (through
 * infra/bundle-function.ts) and by `npm run bench:lambdas`, so the benchmark measures exactly the deployed bundles.
 *
 * - nodejs22.x, as the issues fix it. cdk-nag's "latest runtime" rule (AwsSolutions-L1 / Serverless
 *   LambdaLatestVersion) prefers nodejs24.x and is acknowledged with that reason in infra/lib/nag.ts;
 *   moving up is a change of `lambdaRuntime` and `esbuildTarget` here.
 * - arm64 (cheaper per ms, and the bundles contain no native code).
 * - ESM, minified, with source maps but without the sources inside them (smaller files; stack traces still map).
 * - The AWS SDK is bundled rather than taken from the runtime: only the clients a function imports end up in its
 *   bundle, cold starts do not depend on the runtime's SDK version, and tree-shaking keeps them small.
 * - CommonJS dependencies bundled into ESM still call `require` for Node built-ins, hence the createRequire banner.
 */
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { build, type BuildOptions, type Metafile } from 'esbuild';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export const lambdaRuntime = Runtime.NODEJS_22_X;
export const lambdaArchitecture = Architecture.ARM_64;
const esbuildTarget = 'node22';

const esmRequireBanner =
  "import { createRequire as __cjsRequire } from 'node:module'; const require = __cjsRequire(import.meta.url);";

/** Main fields in the order esbuild should prefer them: ESM builds first, so tree-shaking works. */
const mainFields = ['module', 'main'];

/** The bundle's file name inside the function's asset; the handler is `index.handler`. */
const bundleFile = 'index.mjs';
export const bundledHandler = 'index.handler';

/** The esbuild options of one function's bundle (also used by the benchmark to add a metafile). */
export function esbuildOptions(entry: string, outfile: string): BuildOptions {
  return {
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    target: esbuildTarget,
    format: 'esm',
    minify: true,
    sourcemap: true,
    sourcesContent: false,
    mainFields,
    banner: { js: esmRequireBanner },
    external: [],
    logLevel: 'warning',
  };
}

/**
 * Bundles a function's entry (relative to the repository) into `outDir/index.mjs` (+ its source map). `minify: false`
 * keeps esbuild's module comments and names for reading what the code calls (infra/lib/dynamo-calls.ts); tree-shaking,
 * and so what the bundle contains, is the same.
 */
export async function bundleFunction(entry: string, outDir: string, extra: Pick<BuildOptions, 'metafile' | 'logLevel' | 'minify'> = {}): Promise<{ outfile: string; metafile?: Metafile }> {
  const outfile = join(outDir, bundleFile);
  const result = await build({ ...esbuildOptions(join(repoRoot, entry), outfile), ...extra });
  return { outfile, ...(result.metafile ? { metafile: result.metafile } : {}) };
}

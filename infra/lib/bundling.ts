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
 * - The SDK's default credential chain is replaced by its environment-variables provider (lambda-credentials.ts):
 *   that is where Lambda puts the role's credentials, and the rest of the chain is ~100 KB of dead code.
 * - `sdkSchemaTreeShaking` lets esbuild drop the schemas of the S3 and SESv2 operations a function never calls
 *   (about 100 KB per function using both). This is why the CDK does not use NodejsFunction: it runs the esbuild
 *   CLI, which cannot take a plugin.
 */
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { build, type BuildOptions, type Metafile, type Plugin } from 'esbuild';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export const lambdaRuntime = Runtime.NODEJS_22_X;
export const lambdaArchitecture = Architecture.ARM_64;
const esbuildTarget = 'node22';

const esmRequireBanner =
  "import { createRequire as __cjsRequire } from 'node:module'; const require = __cjsRequire(import.meta.url);";

/** Module replacements applied to every bundle. */
const bundleAliases: Record<string, string> = {
  '@aws-sdk/credential-provider-node': fileURLToPath(new URL('./lambda-credentials.ts', import.meta.url)),
};

/** Main fields in the order esbuild should prefer them: ESM builds first, so tree-shaking works. */
const mainFields = ['module', 'main'];

/** The bundle's file name inside the function's asset; the handler is `index.handler`. */
const bundleFile = 'index.mjs';
export const bundledHandler = 'index.handler';

/**
 * The SDK's generated schema modules (`@aws-sdk/client-x/dist-es/schemas/schemas_0.js`) describe every operation of
 * a service as array literals whose trait objects use computed keys naming module-level string constants
 * (`{ [_hH]: "x-amz-meta" }`). esbuild cannot prove a computed key free of side effects, so it keeps every schema
 * of a REST service even when one operation is used: 66 KB for S3, 49 KB for SESv2. Rewriting those keys to the
 * string literals they name (`{ "httpHeader": "x-amz-meta" }`, the same object) lets tree-shaking work. Keys naming
 * anything but a plain string constant of the same module are left alone.
 */
export const sdkSchemaTreeShaking: Plugin = {
  name: 'sdk-schema-tree-shaking',
  setup(bundler) {
    bundler.onLoad({ filter: /[\\/]@aws-sdk[\\/][^\\/]+[\\/]dist-es[\\/]schemas[\\/]schemas_\d+\.js$/ }, async ({ path }) => ({
      contents: literalSchemaKeys(await readFile(path, 'utf8')),
      loader: 'js',
    }));
  },
};

/** `{ [_x]: v }` becomes `{ "value of _x": v }` where the module declares `const _x = "value of _x";`. */
export function literalSchemaKeys(source: string): string {
  const strings = new Map<string, string>();
  for (const m of source.matchAll(/^(?:export )?const (_\w+) = ("[^"\\\n]*");$/gm)) strings.set(m[1]!, m[2]!);
  return source.replace(/\[(_\w+)\]:/g, (key, name: string) => {
    const literal = strings.get(name);
    return literal === undefined ? key : `${literal}:`;
  });
}

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
    alias: bundleAliases,
    plugins: [sdkSchemaTreeShaking],
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

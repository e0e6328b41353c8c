/**
 * What a function's bundle is made of, read from esbuild's metafile of the deployed build (`bundleFunction` with
 * `metafile: true`). Shared by `npm run bench:lambdas` (a function's floor is what the clients it uses weigh) and
 * the infra test that holds every IAM grant against the code that uses it.
 */
import type { Metafile } from 'esbuild';

/** The package a bare import specifier names (`@aws-sdk/client-s3/x` -> `@aws-sdk/client-s3`), or undefined. */
export function packageOf(specifier: string): string | undefined {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:')) return undefined;
  const segments = specifier.split('/');
  return specifier.startsWith('@') ? segments.slice(0, 2).join('/') : segments[0];
}

/** The bundle's output (the entry point's), with the bytes each input put into it. */
function entryOutput(metafile: Metafile): Metafile['outputs'][string] | undefined {
  return Object.values(metafile.outputs).find((o) => o.entryPoint !== undefined);
}

/**
 * The AWS SDK packages (and Stripe's library) that the function's own code (lambdas/, shared/) imports and that put
 * bytes into its bundle. An import that tree-shaking removed entirely costs nothing and can call nothing, so it is
 * not counted. Sorted, e.g. ['@aws-sdk/client-dynamodb', '@aws-sdk/lib-dynamodb'].
 */
export function clientPackagesOf(metafile: Metafile): string[] {
  const imported = new Set<string>();
  for (const [file, input] of Object.entries(metafile.inputs)) {
    if (!/^(lambdas|shared)\//.test(file)) continue;
    for (const imp of input.imports) {
      const pkg = packageOf(imp.original ?? '');
      if (pkg && (pkg.startsWith('@aws-sdk/') || pkg === 'stripe')) imported.add(pkg);
    }
  }
  const output = entryOutput(metafile);
  return [...imported]
    .filter((pkg) => Object.entries(output?.inputs ?? {}).some(([file, { bytesInOutput }]) => bytesInOutput > 0 && file.includes(`node_modules/${pkg}/`)))
    .sort();
}

/** The repository's own source files (lambdas/, shared/) that put bytes into the bundle, relative to the repository. */
export function ownSourcesOf(metafile: Metafile): string[] {
  return Object.entries(entryOutput(metafile)?.inputs ?? {})
    .filter(([file, { bytesInOutput }]) => bytesInOutput > 0 && /^(lambdas|shared)\//.test(file))
    .map(([file]) => file)
    .sort();
}

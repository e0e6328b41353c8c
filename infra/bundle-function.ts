/**
 * `tsx infra/bundle-function.ts <entry> <outDir>`: bundles one Lambda entry (relative to the repository) into
 * `<outDir>/index.mjs`. The CDK runs it for each function asset (see AppFunction): asset bundling is synchronous and
 * `bundleFunction` (the build bench:lambdas measures) is asynchronous, so it runs in a child process, as
 * NodejsFunction's build does.
 */
import { bundleFunction } from './lib/bundling';

const [entry, outDir] = process.argv.slice(2);
if (!entry || !outDir) {
  process.stderr.write('usage: tsx infra/bundle-function.ts <entry> <outDir>\n');
  process.exit(2);
}
await bundleFunction(entry, outDir);

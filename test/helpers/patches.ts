/**
 * For the tests of infra/local/patches: each patch's package is pinned to one exact version, and a failed check says
 * which patch no longer fits which version of its package (PatchNoLongerFits's message).
 */
import { readFileSync } from 'node:fs';
import { installedVersion, PatchNoLongerFits, type Patch } from '../../infra/local/patches/patch';

const packageJson = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
};

/** The message of a failed check: the patch, its file, the package and the version installed now. */
export const noLongerFits = (patch: Patch, detail: string) => new PatchNoLongerFits(patch, detail).message;

/** How package.json pins the patch's package, and the version installed: an upgrade must be a deliberate edit. */
export function pinOf(patch: Patch): { pinned: string | undefined; installed: string } {
  return { pinned: packageJson.devDependencies?.[patch.packageName] ?? packageJson.dependencies?.[patch.packageName], installed: installedVersion(patch.packageName) };
}

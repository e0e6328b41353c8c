/**
 * The fence around the emulators' internals. The local stack uses dynalite, s3rver, aws-ses-v2-local and
 * cognito-local through their public APIs, except where one of them lacks what AWS does; every reach into a
 * package's private internals (its unexported modules, fields, methods) is a patch, in ./<package>.ts, one file per
 * package, and nowhere else. The packages are pinned to exact versions (package.json), and a unit test per patch
 * (test/unit/infra/local/patches/) exercises it, so an upgrade that moves what a patch relies on fails that test with
 * the patch's name and the package's version, instead of breaking the local stack somewhere later.
 */
import { createRequire } from 'node:module';

export interface Patch {
  /** What the patch gives the local stack, in a few words ("atomic copies"). */
  readonly name: string;
  /** The package it reaches into. */
  readonly packageName: string;
  /** The version it was written for (the exact version package.json pins). */
  readonly writtenFor: string;
  /** This file, for the message. */
  readonly file: string;
}

const require = createRequire(import.meta.url);

/** The version of `packageName` installed now. */
export function installedVersion(packageName: string): string {
  return (require(`${packageName}/package.json`) as { version: string }).version;
}

/** A patch's assumption about its package no longer holds (an upgrade moved or changed an internal). */
export class PatchNoLongerFits extends Error {
  constructor(patch: Patch, detail: string) {
    super(
      `Patch "${patch.name}" (${patch.file}) no longer fits ${patch.packageName} ${installedVersion(patch.packageName)} ` +
        `(written for ${patch.writtenFor}): ${detail}`,
    );
    this.name = 'PatchNoLongerFits';
  }
}

/** `value` as the patch expects it (a function, an object), or PatchNoLongerFits naming `what`. */
export function reached<T>(patch: Patch, what: string, value: unknown, kind: 'function' | 'object'): T {
  if (typeof value !== kind || value === null) throw new PatchNoLongerFits(patch, `${what} is ${value === null ? 'null' : typeof value}, not a ${kind}`);
  return value as T;
}

/** `require` as the package itself requires: its own modules by relative path, its dependencies by name. */
export function requireFrom(patch: Patch): NodeJS.Require {
  return createRequire(require.resolve(`${patch.packageName}/package.json`));
}

/** A module inside the package (`lib/errors.js`), loaded as the package itself loads it, or PatchNoLongerFits. */
export function internalModule(patch: Patch, path: string): Record<string, unknown> {
  try {
    return requireFrom(patch)(`./${path}`) as Record<string, unknown>;
  } catch (error) {
    throw new PatchNoLongerFits(patch, `${path} cannot be loaded (${(error as Error).message.split('\n')[0]})`);
  }
}

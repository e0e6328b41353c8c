/**
 * The lint configuration (`npm run lint`: oxlint -c oxlint.config.mjs). JavaScript rather than JSON so that each
 * architectural rule is written once and follows the tree: the feature folders of web/src/features and the
 * folders of lambdas/ are read from disk, so a new feature or a new Lambda folder needs no edit here.
 *
 * The arrows it keeps (docs/architecture.md, "The shape"):
 * - a web feature never imports another feature; shared web code (components, lib, stores) never imports a
 *   feature or the app layer; the web app never imports shared/deployment (its side of the API is shared/contract);
 * - shared/ never imports web, lambdas or infra;
 * - Lambda handlers and triggers import only lambdas/composition, lambdas/lib and lambdas/domain (composition is
 *   the one place that wires the domain to adapters and data); the domain knows nothing of AWS, of how a handler
 *   is built (lambdas/lib) or of how it is deployed (shared/deployment); lambdas/lib takes from the domain only its
 *   errors (lambdas/domain/errors.ts);
 * - no import circle, type-only imports included (a type import still ties two modules' design together);
 * - production code (web, lambdas, shared) never imports the local stack (infra/local);
 * - an emulator's internals are reached only from its patch file, infra/local/patches/<package>.ts.
 */
import { readdirSync } from 'node:fs';

const folders = (path) =>
  readdirSync(new URL(path, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const features = folders('./web/src/features/');
const lambdaFolders = folders('./lambdas/');

/** `no-restricted-imports` with these patterns. Overrides do not add up: each lists every pattern its files obey. */
const restrictImports = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

const noLocalStack = {
  regex: '(^|/)infra/local(/|$)',
  message: 'Production code knows nothing of the local stack: its stand-ins and seams stay in infra/local.',
};
const noDeploymentInWeb = {
  regex: '^@shared/deployment/',
  message: 'The web app knows the API only through shared/contract: the deployment manifest, settings and hosting policy stay on the server side.',
};
// A relative path that climbs out of the feature into another one (`../../beta/api/b`, `../../../features/beta`);
// a shared module that shares a feature's name (`@shared/contract/bookings`) is not a feature.
const otherFeatures = (feature) => ({
  regex: `^(\\.\\./)+(features/)?(${features.filter((f) => f !== feature).join('|')})(/|$)`,
  message: 'A feature never imports another feature: web/src/app composes them, shared parts live in web/src/components, lib or stores.',
});
const noAwsInDomain = {
  regex: '^@aws-sdk/',
  message: 'Domain logic knows nothing of AWS: put SDK calls in lambdas/adapters or lambdas/data behind a port.',
};
const noLibInDomain = {
  regex: '(^|/)lib(/|$)',
  message: 'Domain logic knows nothing of how a handler is built: what it shares with lambdas/lib belongs in the domain or in shared/contract.',
};
const noDeploymentInDomain = {
  regex: '(^@|/)shared/deployment(/|$)',
  message: 'Domain logic knows nothing of the deployment: the names it needs (routes, bucket folders) come from shared/contract, the rest through its ports.',
};
const onlyErrorsFromDomain = {
  group: ['**/domain/**', '!**/domain/errors'],
  message: 'lambdas/lib takes from the domain only its errors (lambdas/domain/errors.ts): code that joins the domain to HTTP belongs in lambdas/composition.',
};
const noEmulatorInternals = {
  regex: '^(cognito-local|aws-ses-v2-local|s3rver|dynalite)/',
  message: "An emulator's internals are reached only in its patch, infra/local/patches/<package>.ts (see infra/local/patches/patch.ts).",
};
const handlerImports = {
  regex: `^\\.\\./(${lambdaFolders.filter((f) => !['composition', 'lib', 'domain'].includes(f)).join('|')}|\\.\\.)(/|$)|^@aws-sdk/|^stripe$`,
  message: 'Handlers import only lambdas/composition, lambdas/lib and lambdas/domain: the wiring of the domain to adapters and data lives in lambdas/composition.',
};

export default {
  plugins: ['typescript', 'react', 'jsx-a11y', 'import', 'unicorn', 'oxc', 'vitest'],
  categories: { correctness: 'error' },
  rules: {
    'react/rules-of-hooks': 'error',
    'react/exhaustive-deps': 'error',
    'react/jsx-key': 'error',
    'jsx-a11y/alt-text': 'error',
    'jsx-a11y/anchor-is-valid': 'error',
    'jsx-a11y/label-has-associated-control': 'off',
    'vitest/no-focused-tests': 'error',
    'vitest/no-disabled-tests': 'error',
    'jest/no-focused-tests': 'error',
    'jest/no-disabled-tests': 'error',
    'typescript/no-explicit-any': 'error',
    'no-console': ['error', { allow: ['warn', 'error', 'info', 'log'] }],
    eqeqeq: 'error',
    'no-var': 'error',
    'prefer-const': 'error',
    'vitest/valid-expect': 'off',
    'jest/valid-expect': 'off',
    'import/no-cycle': ['error', { ignoreTypes: false }],
  },
  ignorePatterns: ['web/dist/**', 'cdk.out/**', 'node_modules/**', 'bench/lighthouse/node_modules/**'],
  overrides: [
    ...features.map((feature) => ({
      files: [`web/src/features/${feature}/**`],
      rules: restrictImports(otherFeatures(feature), noDeploymentInWeb, noLocalStack),
    })),
    {
      files: ['web/src/components/**', 'web/src/lib/**', 'web/src/stores/**'],
      rules: restrictImports(
        { regex: '(^|/)(features|app)(/|$)', message: 'Shared web code (components, lib, stores) never imports a feature or the app layer.' },
        noDeploymentInWeb,
        noLocalStack,
      ),
    },
    { files: ['web/src/app/**', 'web/src/*.tsx', 'web/src/*.ts'], rules: restrictImports(noDeploymentInWeb, noLocalStack) },
    {
      files: ['shared/**'],
      rules: restrictImports({ regex: '(^|/)(web|lambdas|infra|features)(/|$)', message: 'shared/ is imported by web, lambdas and infra; it never imports them.' }),
    },
    { files: ['lambdas/**'], rules: { 'no-console': 'error', ...restrictImports(noLocalStack) } },
    { files: ['lambdas/domain/**'], rules: restrictImports(noAwsInDomain, noLibInDomain, noDeploymentInDomain, noLocalStack) },
    { files: ['lambdas/lib/**'], rules: restrictImports(onlyErrorsFromDomain, noLocalStack) },
    { files: ['lambdas/handlers/**', 'lambdas/triggers/**'], rules: restrictImports(handlerImports, noLocalStack) },
    { files: ['infra/**', 'test/**'], rules: restrictImports(noEmulatorInternals) },
    { files: ['infra/local/patches/**'], rules: { 'no-restricted-imports': 'off' } },
  ],
};

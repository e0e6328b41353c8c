/**
 * Least privilege, as the code really calls: every IAM grant a deployed function holds is used by the code in its
 * bundle. Each function is bundled as deployed (infra/lib/bundling.ts; unminified, which tree-shakes the same) and
 * its esbuild metafile read (infra/lib/bundle-contents.ts, the same reading `npm run bench:lambdas` makes): a grant
 * of SES needs the SES client in the bundle, a secret needs the bundle's own code to read one of that secret's
 * settings, and so on. DynamoDB is held down to the action: each table's and index's actions equal the calls the
 * bundle's code makes on it (infra/lib/dynamo-calls.ts). The grants are taken from the synthesized templates, so
 * what is checked is what IAM would allow.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Metafile } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployedRoutes, functions, resourceName, tableActions, tables, type FunctionName, type TableAccess, type TableName } from '@shared/deployment/manifest';
import { settingsIn, settings, type SettingName } from '@shared/deployment/settings';
import { bundleFunction, repoRoot } from '../../infra/lib/bundling';
import { clientPackagesOf, ownSourcesOf } from '../../infra/lib/bundle-contents';
import { dynamoCallsIn, type DynamoCalls } from '../../infra/lib/dynamo-calls';
import { allTemplates, dig, logicalIdOf, resourcesOf, synthStage, type SynthedStage } from './synth';

const dev = synthStage('dev');
const out = mkdtempSync(join(tmpdir(), 'least-privilege-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

interface BundleUse {
  readonly clients: string[];
  readonly sources: string[];
  /**
   * Settings the bundle's own code names (`setting('X')`, `secretSetting('X')`, `setting(a ? 'X' : 'Y')`): a setting
   * name written in lambdas/. The manifest and the settings list (shared/deployment/) name every setting and are
   * left out.
   */
  readonly settingsRead: Set<SettingName>;
  /** The DynamoDB calls of the bundle's code, per table and index. */
  readonly dynamo: DynamoCalls;
}

const bundles = new Map<FunctionName, BundleUse>();

beforeAll(async () => {
  await Promise.all(
    (Object.keys(functions) as FunctionName[]).map(async (fn) => {
      const { metafile, outfile } = await bundleFunction(functions[fn].entry, join(out, fn), { metafile: true, logLevel: 'error', minify: false });
      const sources = ownSourcesOf(metafile as Metafile);
      const settingsRead = new Set<SettingName>();
      for (const file of sources.filter((f) => f.startsWith('lambdas/'))) {
        const text = readFileSync(join(repoRoot, file), 'utf8');
        for (const m of text.matchAll(/'([A-Z][A-Z0-9_]+)'/g)) {
          if (m[1]! in settings) settingsRead.add(m[1] as SettingName);
        }
      }
      bundles.set(fn, { clients: clientPackagesOf(metafile as Metafile), sources, settingsRead, dynamo: dynamoCallsIn(readFileSync(outfile, 'utf8'), tables) });
    }),
  );
}, 120_000);

type Statement = { Effect: string; Action: string | string[]; Resource: unknown };

/** Every deployed function of the stage with the statements of its role's policies. */
function grantsOf(s: SynthedStage): Map<FunctionName, Statement[]> {
  const result = new Map<FunctionName, Statement[]>();
  for (const template of allTemplates(s)) {
    const resources = resourcesOf(template);
    for (const fn of Object.values(resourcesOf(template, 'AWS::Lambda::Function'))) {
      const name = String(dig(fn.Properties, 'FunctionName')).replace(resourceName(s.config.name, ''), '') as FunctionName;
      if (!(name in functions)) continue; // CDK's own handlers (site deployment, auto-delete)
      const role = (dig(fn.Properties, 'Role', 'Fn::GetAtt') as string[])[0];
      const statements = Object.values(resources)
        .filter((r) => r.Type === 'AWS::IAM::Policy' && (dig(r.Properties, 'Roles') as { Ref: string }[]).some((ref) => ref.Ref === role))
        .flatMap((p) => dig(p.Properties, 'PolicyDocument', 'Statement') as Statement[]);
      result.set(name, statements);
    }
  }
  return result;
}

/** What the code must use for a statement to be needed; undefined for grants every function needs (logs, traces). */
function neededUse(s: SynthedStage, st: Statement): { what: string; used: (b: BundleUse) => boolean } | undefined {
  const actions = [st.Action].flat();
  const resource = JSON.stringify(st.Resource);
  const uses = (pkg: string) => (b: BundleUse) => b.clients.includes(pkg);
  if (actions.every((a) => a.startsWith('logs:') || a.startsWith('xray:'))) return undefined;
  // Lambda itself writes a failed asynchronous invocation to the on-failure queue, with the function's role.
  if (actions.every((a) => a.startsWith('sqs:'))) {
    const destinations = allTemplates(s).flatMap((t) => Object.values(resourcesOf(t, 'AWS::Lambda::EventInvokeConfig')).map((c) => JSON.stringify(dig(c.Properties, 'DestinationConfig', 'OnFailure'))));
    const queue = (st.Resource as { 'Fn::GetAtt'?: string[] })['Fn::GetAtt']?.[0];
    return { what: `${actions.join(', ')} (an on-failure destination)`, used: () => queue !== undefined && destinations.some((d) => d.includes(queue)) };
  }
  if (actions.some((a) => a.startsWith('ses:'))) return { what: 'SES (the SES client)', used: uses('@aws-sdk/client-sesv2') };
  if (actions.some((a) => a.startsWith('lambda:'))) return { what: 'lambda:InvokeFunction (the Lambda client)', used: uses('@aws-sdk/client-lambda') };
  // Held down to the action against the bundle's calls in 'grants each function exactly the DynamoDB actions ...'.
  if (actions.every((a) => a.startsWith('dynamodb:'))) return undefined;
  if (actions.some((a) => a.startsWith('cognito-idp:'))) {
    return { what: `${actions.join(', ')} (the Cognito client)`, used: uses('@aws-sdk/client-cognito-identity-provider') };
  }
  if (actions.some((a) => a.startsWith('s3:'))) {
    return { what: 'S3 (the S3 client)', used: (b) => b.clients.some((c) => ['@aws-sdk/client-s3', '@aws-sdk/s3-presigned-post', '@aws-sdk/s3-request-presigner'].includes(c)) };
  }
  if (actions.some((a) => a.startsWith('secretsmanager:'))) {
    const secrets = s.stacks.stateful.secret.secrets;
    for (const name of Object.keys(secrets) as (keyof typeof secrets)[]) {
      if (!resource.includes(logicalIdOf(secrets[name]))) continue;
      const keys = settingsIn(name);
      return { what: `the ${name} secret (code reading ${keys.join(' or ')})`, used: (b) => b.clients.includes('@aws-sdk/client-secrets-manager') && keys.some((k) => b.settingsRead.has(k)) };
    }
    if (resource.includes(logicalIdOf(s.stacks.edge.originVerify))) {
      return { what: 'the origin-verify secret (lambdas/lib/origin-check.ts)', used: (b) => b.sources.includes('lambdas/lib/origin-check.ts') };
    }
  }
  return { what: `${actions.join(', ')} (no rule says which code needs it: add one here)`, used: () => false };
}

/** A function's DynamoDB grants in the template, as "table action" and "table/index/name Query" lines, sorted. */
function dynamoGrantsOf(statements: Statement[], stage: string): string[] {
  const lines = new Set<string>();
  for (const st of statements.filter((x) => x.Effect === 'Allow')) {
    for (const action of [st.Action].flat().filter((a) => a.startsWith('dynamodb:'))) {
      for (const resource of [st.Resource].flat()) {
        const m = /:table\/([^/"]+)(\/index\/([^/"]+))?$/.exec(typeof resource === 'string' ? resource : JSON.stringify(resource));
        const table = m?.[1]?.replace(resourceName(stage, ''), '');
        lines.add(m ? `${table}${m[3] ? `/index/${m[3]}` : ''} ${action.slice('dynamodb:'.length)}` : `${JSON.stringify(resource)} ${action}`);
      }
    }
  }
  return [...lines].sort();
}

/** The same lines for what a bundle calls, or what a FunctionDef's `tables` declares. */
function dynamoLines(access: Record<string, { readonly actions?: readonly string[]; readonly indexes?: readonly string[] } | TableAccess>): string[] {
  return Object.entries(access)
    .flatMap(([table, a]) => [
      ...('actions' in a ? (a.actions ?? []) : tableActions(a as TableAccess)).map((action) => `${table} ${action}`),
      ...(a.indexes ?? []).map((index) => `${table}/index/${index} Query`),
    ])
    .sort();
}

/** Functions only staff reach: every route they serve is a staff route. Every other function counts as public. */
const staffOnly = new Set(
  (Object.keys(functions) as FunctionName[]).filter((fn) => {
    const served = Object.values(deployedRoutes).filter((r) => r.fn === fn);
    return served.length > 0 && served.every((r) => r.access === 'staff');
  }),
);

describe('least privilege, as the code really calls', () => {
  it('bundles every function and finds the clients it calls', () => {
    expect([...bundles.keys()].sort()).toEqual(Object.keys(functions).sort());
    expect(bundles.get('submissionDelivery')!.clients).toContain('@aws-sdk/client-sesv2');
  });

  it('gives no function a grant its bundle never uses', () => {
    const unused: string[] = [];
    for (const [fn, statements] of grantsOf(dev)) {
      for (const st of statements.filter((x) => x.Effect === 'Allow')) {
        const need = neededUse(dev, st);
        if (need && !need.used(bundles.get(fn)!)) unused.push(`${fn}: ${need.what}`);
      }
    }
    expect(unused).toEqual([]);
  });

  it('reads every DynamoDB call of every bundle down to its table and action', () => {
    const problems = [...bundles].flatMap(([fn, b]) => b.dynamo.problems.map((p) => `${fn}: ${p}`));
    expect(problems).toEqual([]);
    // The reading finds what is there: the erasure's deletes, the retry job's index, the accepting functions' put.
    expect(dynamoLines(bundles.get('staffPeople')!.dynamo.tables)).toContain('profiles DeleteItem');
    expect(dynamoLines(bundles.get('deliveryRetry')!.dynamo.tables)).toContain('submissions/index/pendingDeliveries Query');
    expect(dynamoLines(bundles.get('contactMessages')!.dynamo.tables)).toContain('submissions PutItem');
  });

  it('declares in the manifest exactly the DynamoDB actions each function’s code calls, per table and index', () => {
    const differing: Record<string, { manifest: string[]; code: string[] }> = {};
    for (const fn of Object.keys(functions) as FunctionName[]) {
      const manifest = dynamoLines(functions[fn].tables as Record<TableName, TableAccess>);
      const code = dynamoLines(bundles.get(fn)!.dynamo.tables);
      if (JSON.stringify(manifest) !== JSON.stringify(code)) differing[fn] = { manifest, code };
    }
    expect(differing).toEqual({});
  });

  it('grants each function exactly the DynamoDB actions its code calls, per table and index (no broader, no narrower)', () => {
    const differing: Record<string, { granted: string[]; called: string[] }> = {};
    for (const [fn, statements] of grantsOf(dev)) {
      const granted = dynamoGrantsOf(statements, dev.config.name);
      const called = dynamoLines(bundles.get(fn)!.dynamo.tables);
      if (JSON.stringify(granted) !== JSON.stringify(called)) differing[fn] = { granted, called };
    }
    expect(differing).toEqual({});
  });

  it('gives no public function DeleteItem, BatchWriteItem or Scan, and no function a delete or update of staffAudit', () => {
    const forbidden: string[] = [];
    for (const [fn, statements] of grantsOf(dev)) {
      for (const line of dynamoGrantsOf(statements, dev.config.name)) {
        const [resource, action] = line.split(' ') as [string, string];
        if (!staffOnly.has(fn) && ['DeleteItem', 'BatchWriteItem', 'Scan'].includes(action)) forbidden.push(`${fn}: ${line}`);
        // Append-only: a put of a new entry (the code's condition keeps it from replacing one; IAM cannot demand a
        // condition) and reads; never UpdateItem, DeleteItem or BatchWriteItem (which deletes and replaces).
        if (resource === 'staffAudit' && ['UpdateItem', 'DeleteItem', 'BatchWriteItem'].includes(action)) forbidden.push(`${fn}: ${line}`);
      }
    }
    expect(forbidden).toEqual([]);
    expect([...staffOnly].sort()).toEqual(['staffBookings', 'staffDeliveries', 'staffInbox', 'staffOverview', 'staffPeople']);
  });

  it('passes no function a setting its code never reads', () => {
    const unread: string[] = [];
    for (const fn of Object.keys(functions) as FunctionName[]) {
      for (const s of functions[fn].settings as readonly SettingName[]) if (!bundles.get(fn)!.settingsRead.has(s)) unread.push(`${fn}: ${s}`);
    }
    expect(unread).toEqual([]);
  });

  it('the functions that accept submissions only store and hand off: no mail, no webhook signing key', () => {
    for (const fn of ['demoRequests', 'contactMessages', 'ideas'] as const) {
      const b = bundles.get(fn)!;
      expect(b.clients, fn).not.toContain('@aws-sdk/client-sesv2');
      expect(b.settingsRead.has('WEBHOOK_SIGNING_SECRET'), fn).toBe(false);
      expect(functions[fn].sendsMail, fn).toBe(false);
      // A demo request's answer carries its booking link's token (issue 41): that key only.
      expect(functions[fn].secrets, fn).toEqual(fn === 'demoRequests' ? ['bookingLinks'] : []);
    }
  });
});

/**
 * The DynamoDB calls a function's bundle can make, per table and index, read from the bundle's own code. Used by
 * the infra test that holds every function's DynamoDB grants (shared/deployment/manifest/functions.ts `tables`)
 * against what its code calls (test/infra/least-privilege.test.ts).
 *
 * The bundle is the deployed build of the function's entry without minifying (infra/lib/bundling.ts
 * `bundleFunction`): tree-shaking is the same, so a data module's method that the function never reaches is not
 * in it, and esbuild starts each module's code with a `// path/of/module.ts` comment, so a call can be traced to
 * the module it is written in. What the reading relies on (checked here, reported as problems when broken):
 * - DynamoDB is called only from lambdas/data/, one module per table (the house style), each naming its table as
 *   `tableName('<table>')`; lambdas/lib/dynamo.ts `batchWriteAll` is the one generic helper, and a call of it counts
 *   as a BatchWriteItem of the calling module's table.
 * - A Query of an index names the index through a string literal somewhere in the function's own code (the data
 *   module, or the domain that picks one): every index of the table named so in the bundle counts as queried.
 */

/** The DynamoDB actions the application's code may be granted; each is one IAM action (`dynamodb:<action>`). */
export const dynamoActions = ['GetItem', 'BatchGetItem', 'Query', 'Scan', 'PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem'] as const;
export type DynamoAction = (typeof dynamoActions)[number];

/** The IAM action each command of the SDK's document client (and of the low-level client) needs. */
const actionOfCommand: Record<string, DynamoAction | 'unsupported'> = {
  GetCommand: 'GetItem',
  GetItemCommand: 'GetItem',
  BatchGetCommand: 'BatchGetItem',
  BatchGetItemCommand: 'BatchGetItem',
  QueryCommand: 'Query',
  ScanCommand: 'Scan',
  PutCommand: 'PutItem',
  PutItemCommand: 'PutItem',
  UpdateCommand: 'UpdateItem',
  UpdateItemCommand: 'UpdateItem',
  DeleteCommand: 'DeleteItem',
  DeleteItemCommand: 'DeleteItem',
  BatchWriteCommand: 'BatchWriteItem',
  BatchWriteItemCommand: 'BatchWriteItem',
  // Each of these needs the actions of what it carries; nothing here reads that yet, so they are refused.
  TransactWriteCommand: 'unsupported',
  TransactWriteItemsCommand: 'unsupported',
  TransactGetCommand: 'unsupported',
  TransactGetItemsCommand: 'unsupported',
  ExecuteStatementCommand: 'unsupported',
  BatchExecuteStatementCommand: 'unsupported',
  ExecuteTransactionCommand: 'unsupported',
};

/** Generic helpers of lambdas/lib/dynamo.ts: a call counts as this action on the calling module's table. */
const helperActions: Record<string, DynamoAction> = { batchWriteAll: 'BatchWriteItem' };
const helperModule = 'lambdas/lib/dynamo.ts';

export interface TableCalls {
  /** Actions on the table's own ARN, sorted. */
  readonly actions: DynamoAction[];
  /** Indexes queried (dynamodb:Query on the index's ARN), sorted. */
  readonly indexes: string[];
}

export interface DynamoCalls {
  readonly tables: Record<string, TableCalls>;
  /** What could not be attributed to a table and action; the test fails on any. */
  readonly problems: string[];
}

/** The bundle's code split at esbuild's module comments: [module path, its code]. */
export function modulesOf(bundle: string): [string, string][] {
  const parts = bundle.split(/^\/\/ (\S+\.(?:[cm]?[jt]sx?|json))$/m);
  const modules: [string, string][] = [];
  for (let i = 1; i < parts.length; i += 2) modules.push([parts[i]!, parts[i + 1] ?? '']);
  return modules;
}

/** The text of the call's argument list starting at `open` (the index of its `(`), strings skipped roughly. */
function argumentsAt(code: string, open: number): string {
  let depth = 0;
  let quote: string | undefined;
  for (let i = open; i < code.length; i++) {
    const c = code[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = undefined;
      continue;
    }
    if (c === '"' || c === "'" || c === '`') quote = c;
    else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return code.slice(open, i + 1);
  }
  return code.slice(open);
}

export function dynamoCallsIn(bundle: string, tables: Record<string, { readonly indexes: readonly { readonly name: string }[] }>): DynamoCalls {
  const modules = modulesOf(bundle).filter(([path]) => path.startsWith('lambdas/'));
  const result: Record<string, { actions: Set<DynamoAction>; indexes: Set<string> }> = {};
  const problems: string[] = [];
  // String literals of the function's own code: where an index queried by a computed name is named.
  const literals = new Set(modules.flatMap(([, code]) => [...code.matchAll(/["'`]([A-Za-z0-9_.-]+)["'`]/g)].map((m) => m[1]!)));

  for (const [path, code] of modules) {
    const calls: { action: DynamoAction; args: string }[] = [];
    // esbuild renames a class whose name two modules use (`QueryCommand2`).
    for (const m of code.matchAll(/\bnew (\w+?Command)\d*\(/g)) {
      const action = actionOfCommand[m[1]!];
      if (action === undefined) continue; // another client's command (S3, SES, Lambda...)
      if (path === helperModule && action === 'BatchWriteItem') continue; // the generic helper: counted where it is called
      if (action === 'unsupported') problems.push(`${path}: ${m[1]} (which actions it needs is not read here: add it to infra/lib/dynamo-calls.ts)`);
      else calls.push({ action, args: argumentsAt(code, m.index + m[0].length - 1) });
    }
    for (const [helper, action] of Object.entries(helperActions)) {
      for (const m of code.matchAll(new RegExp(`(?<!function )\\b${helper}\\(`, 'g'))) calls.push({ action, args: argumentsAt(code, m.index + m[0].length - 1) });
    }
    if (calls.length === 0) continue;
    const named = [...new Set([...code.matchAll(/\btableName\(["'](\w+)["']\)/g)].map((m) => m[1]!))];
    if (!path.startsWith('lambdas/data/') || named.length !== 1 || !(named[0]! in tables)) {
      problems.push(`${path}: DynamoDB calls outside a data module of one table (it names ${named.join(', ') || 'no table'} with tableName())`);
      continue;
    }
    const table = named[0]!;
    const entry = (result[table] ??= { actions: new Set(), indexes: new Set() });
    for (const { action, args } of calls) {
      if ((action === 'Query' || action === 'Scan') && /\bIndexName\s*:/.test(args)) {
        const queried = tables[table]!.indexes.map((i) => i.name).filter((name) => literals.has(name));
        if (queried.length === 0) problems.push(`${path}: a ${action} of an index of ${table} whose name the code never writes out`);
        if (action === 'Scan') problems.push(`${path}: a Scan of an index of ${table}`);
        for (const name of queried) entry.indexes.add(name);
      } else {
        entry.actions.add(action);
      }
    }
  }
  const tablesCalled = Object.fromEntries(
    Object.entries(result).map(([table, { actions, indexes }]) => [table, { actions: dynamoActions.filter((a) => actions.has(a)), indexes: [...indexes].sort() }]),
  );
  return { tables: tablesCalled, problems };
}

/**
 * `npm run erasures:replay -- --stage prod --since 2026-11-20T09:00:00Z`: after restoring a table to a point in time
 * (docs/recovery.md), erases again everyone the staff console erased since then, from the staffAudit entries (ids
 * only), with the same data-access code the erasure uses (lambdas/domain/leads/erasure-replay.ts). Runs with the
 * operator's credentials (AWS_PROFILE) against the stage's tables; each step is idempotent, so running it twice
 * changes nothing more. `--dry-run` lists the entries without writing.
 */
import { resourceName, tableEnvName, tables, type TableName } from '@shared/deployment/manifest';
import { stageConfig } from '../stages';

function argument(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
}

const stageName = argument('stage');
const since = new Date(argument('since') ?? '');
if (!stageName || Number.isNaN(since.getTime())) {
  process.stderr.write('usage: npm run erasures:replay -- --stage <stage> --since <ISO time of the restore point> [--dry-run]\n');
  process.exit(2);
}
const stage = stageConfig(stageName);
process.env.AWS_REGION ??= stage.region;
for (const table of Object.keys(tables) as TableName[]) process.env[tableEnvName(table)] ??= resourceName(stage.name, table);

// Loaded after the environment is set: the data modules read table names from it.
const [{ erasuresSince }, { submissionRecords }, { profileRecords }, { purchaseRecords }, { replayErasure }] = await Promise.all([
  import('../../lambdas/data/staff-audit'),
  import('../../lambdas/data/submissions'),
  import('../../lambdas/data/profiles'),
  import('../../lambdas/data/purchases'),
  import('../../lambdas/domain/leads/erasure-replay'),
]);
const entries = await erasuresSince(since);
process.stdout.write(`${entries.length} erasure${entries.length === 1 ? '' : 's'} since ${since.toISOString()} in ${resourceName(stage.name, 'staffAudit')}\n`);
for (const entry of entries) {
  if (process.argv.includes('--dry-run')) {
    process.stdout.write(`  ${entry.at} ${entry.id}: ${entry.submissionIds.length} submissions, ${entry.purchaseSessionIds.length} purchases${entry.accountId ? ', a profile' : ''}\n`);
    continue;
  }
  const done = await replayErasure({ submissionRecords, profiles: profileRecords, purchases: purchaseRecords }, entry);
  process.stdout.write(`  ${entry.at} ${done.erasureId}: ${done.submissions} submissions deleted, ${done.notices} notices and ${done.purchases} purchases pseudonymised${done.profile ? ', the profile deleted' : ''}\n`);
}

/**
 * What the staff console needs deployed, on the synthesized templates: the inbox indexes (narrow projections),
 * TTL on the submissions and the confirmation claims, the audit table, the staff group in every stage's pool,
 * the exports' lifecycle, and the stage's retention reaching the functions that store submissions.
 */
import { describe, expect, it } from 'vitest';
import { functions, tables, userPoolIdEnv, type FunctionDef, type FunctionName } from '@shared/deployment/manifest';
import { tablePhysicalName } from '../../infra/lib/names';
import { dig, resourcesOf, synthStage } from './synth';

const stages = [synthStage('dev'), synthStage('prod')];

function table(s: (typeof stages)[number], name: keyof typeof tables) {
  const found = Object.values(resourcesOf(s.stateful, 'AWS::DynamoDB::Table')).find((t) => dig(t.Properties, 'TableName') === tablePhysicalName(s.config, name));
  if (!found) throw new Error(`no ${name} table`);
  return found;
}

describe('the staff console, deployed', () => {
  it('gives the submissions table its inbox indexes, each carrying only what a row of the inbox shows', () => {
    for (const s of stages) {
      const indexes = dig(table(s, 'submissions').Properties, 'GlobalSecondaryIndexes') as Record<string, unknown>[];
      const byName = Object.fromEntries(indexes.map((i) => [i.IndexName, i]));
      for (const name of ['inbox', 'inboxByKind', 'inboxByStatus', 'inboxByKindStatus', 'byEmail']) {
        expect(dig(byName[name], 'Projection', 'ProjectionType'), name).toBe('INCLUDE');
        expect(dig(byName[name], 'Projection', 'NonKeyAttributes'), name).toEqual(['kind', 'createdAt', 'status', 'reference', 'summary', 'deliveryState', 'searchText', 'expiresAt']);
        expect((dig(byName[name], 'KeySchema') as { AttributeName: string }[])[1]?.AttributeName, name).toBe('receivedKey');
      }
      expect(dig(byName.pendingDeliveries, 'Projection', 'ProjectionType')).toBe('ALL');
    }
  });

  it('expires submissions, confirmation claims and bookings by DynamoDB TTL, and keeps the erasure audit like every table', () => {
    for (const s of stages) {
      expect(dig(table(s, 'submissions').Properties, 'TimeToLiveSpecification')).toEqual({ AttributeName: 'expiresAt', Enabled: true });
      expect(dig(table(s, 'bookings').Properties, 'TimeToLiveSpecification')).toEqual({ AttributeName: 'expiresAt', Enabled: true });
      expect(dig(table(s, 'confirmationClaims').Properties, 'TimeToLiveSpecification')).toEqual({ AttributeName: 'expiresAt', Enabled: true });
      const audit = table(s, 'staffAudit');
      expect(dig(audit.Properties, 'TimeToLiveSpecification')).toBeUndefined();
      expect(dig(audit.Properties, 'PointInTimeRecoverySpecification', 'PointInTimeRecoveryEnabled')).toBe(s.config.protectData);
    }
  });

  it('creates the staff group in every stage’s user pool', () => {
    for (const s of stages) {
      const groups = Object.values(resourcesOf(s.stateful, 'AWS::Cognito::UserPoolGroup')).map((g) => dig(g.Properties, 'GroupName'));
      expect(groups).toEqual(['staff']);
    }
  });

  it('deletes export files after the stage’s exportDays', () => {
    for (const s of stages) {
      const bucket = Object.values(resourcesOf(s.stateful, 'AWS::S3::Bucket')).find((b) => JSON.stringify(b.Properties).includes('expire-exports'));
      const rules = dig(bucket?.Properties, 'LifecycleConfiguration', 'Rules') as Record<string, unknown>[];
      expect(rules).toContainEqual(expect.objectContaining({ Prefix: 'exports/', ExpirationInDays: s.config.retention.exportDays, Status: 'Enabled' }));
    }
  });

  it('hands the stage’s retention to the functions that store submissions, and the pool’s id to those that read it', () => {
    for (const s of stages) {
      for (const fn of Object.values(resourcesOf(s.stateless, 'AWS::Lambda::Function'))) {
        const name = String(dig(fn.Properties, 'FunctionName')).replace(`agency-${s.config.name}-`, '') as FunctionName;
        if (!(name in functions)) continue;
        const env = dig(fn.Properties, 'Environment', 'Variables') as Record<string, unknown>;
        const settings: readonly string[] = functions[name].settings;
        expect(env.SUBMISSION_RETENTION_DAYS, name).toBe(settings.includes('SUBMISSION_RETENTION_DAYS') ? String(s.config.retention.submissionDays) : undefined);
        expect(env[userPoolIdEnv] !== undefined, name).toBe((functions[name] as FunctionDef).userPool !== undefined);
      }
    }
  });
});

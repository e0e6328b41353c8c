/**
 * What became of every accepted submission, read from the local stack's emulators the way the tests read them:
 * its row in the submissions table (through the SDK against dynalite), its notification mails in the local SES
 * mailbox, and for ideas its calls to the webhook inbox. Each must be there exactly once.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { WEBHOOK_IDEMPOTENCY_HEADER } from '@shared/contract/http';
import { sdkConfig } from '../../helpers/local-stack';
import { listMails } from '../../helpers/mailbox';
import { submissionsTable } from '../../helpers/submissions';
import { webhookCalls } from '../../helpers/webhook-inbox';
import type { LocalStackDescription } from '../../../infra/local/stack';

export interface Accepted {
  id: string;
  kind: 'demo' | 'contact' | 'idea';
  /** The unique e-mail address its body carried. */
  email: string;
}

export interface Proof {
  accepted: number;
  /** Accepted (201) but not in the table. */
  notStored: string[];
  /** Rows of this phase stored more than once for one body (a duplicate under another id). */
  storedTwice: string[];
  /** Rows of this phase whose request got no 201 (a request that timed out after storing, say). */
  storedUnanswered: number;
  /** Deliveries still missing, per target ("mail:<recipient>", "webhook:test", "webhook:prod"). */
  missing: Record<string, number>;
  /** Deliveries that arrived more than once, per target. */
  duplicated: Record<string, number>;
  /** Deliveries the table still marks pending / failed. */
  pending: number;
  failed: number;
}

export function isComplete(proof: Proof): boolean {
  return proof.notStored.length === 0 && Object.values(proof.missing).every((n) => n === 0);
}

const SUBMISSION_ID = /Submission id: ([0-9a-f-]{36})/;

function bump(map: Record<string, number>, key: string, by = 1): void {
  map[key] = (map[key] ?? 0) + by;
}

export async function prove(stack: LocalStackDescription, accepted: readonly Accepted[], emailDomainMarker: string): Promise<Proof> {
  const dynamo = DynamoDBDocumentClient.from(new DynamoDBClient({ ...sdkConfig(stack), endpoint: stack.endpoints.dynamodb }));
  const rows: Record<string, unknown>[] = [];
  try {
    let start: Record<string, unknown> | undefined;
    do {
      const out = await dynamo.send(new ScanCommand({ TableName: submissionsTable(), ExclusiveStartKey: start }));
      rows.push(...((out.Items ?? []) as Record<string, unknown>[]));
      start = out.LastEvaluatedKey;
    } while (start);
  } finally {
    dynamo.destroy();
  }
  const ids = new Set(accepted.map((a) => a.id));
  const phaseRows = rows.filter((r) => String((r.data as { email?: string } | undefined)?.email ?? '').includes(emailDomainMarker));
  const byId = new Map(rows.map((r) => [String(r.id), r]));
  const emailCount = new Map<string, number>();
  for (const r of phaseRows) {
    const email = String((r.data as { email?: string }).email);
    emailCount.set(email, (emailCount.get(email) ?? 0) + 1);
  }

  const recipients = (stack.env.MAIL_TO ?? '').split(',').map((s) => s.trim().toLowerCase()).filter(Boolean);
  const mails = new Map<string, number>();
  for (const mail of await listMails({ mailboxUrl: stack.mailboxUrl })) {
    const id = SUBMISSION_ID.exec(mail.body.text ?? '')?.[1];
    if (!id || !ids.has(id)) continue;
    for (const to of mail.destination.to) {
      const address = (/<([^>]+)>/.exec(to)?.[1] ?? to).trim().toLowerCase();
      mails.set(`${id} ${address}`, (mails.get(`${id} ${address}`) ?? 0) + 1);
    }
  }
  const hooks = new Map<string, number>();
  for (const call of await webhookCalls({ inboxUrl: stack.webhookInboxUrl })) {
    if (call.status < 200 || call.status >= 300) continue;
    const key = call.headers[WEBHOOK_IDEMPOTENCY_HEADER] ?? '';
    hooks.set(`${key} ${call.name}`, (hooks.get(`${key} ${call.name}`) ?? 0) + 1);
  }

  const proof: Proof = {
    accepted: accepted.length,
    notStored: [],
    storedTwice: [],
    storedUnanswered: phaseRows.filter((r) => !ids.has(String(r.id))).length,
    missing: {},
    duplicated: {},
    pending: 0,
    failed: 0,
  };
  const check = (target: string, count: number) => {
    if (count === 0) bump(proof.missing, target);
    else bump(proof.missing, target, 0);
    if (count > 1) bump(proof.duplicated, target);
    else bump(proof.duplicated, target, 0);
  };
  for (const a of accepted) {
    const row = byId.get(a.id);
    if (!row) proof.notStored.push(a.id);
    if ((emailCount.get(a.email) ?? 0) > 1) proof.storedTwice.push(a.id);
    for (const d of Object.values((row?.deliveries ?? {}) as Record<string, { state: string }>)) {
      if (d.state === 'pending') proof.pending += 1;
      if (d.state === 'failed') proof.failed += 1;
    }
    for (const to of recipients) check(`mail to ${to}`, mails.get(`${a.id} ${to}`) ?? 0);
    if (a.kind === 'idea') {
      for (const hook of ['test', 'prod']) check(`webhook ${hook}`, hooks.get(`${a.id}:webhook:${hook} ${hook}`) ?? 0);
    }
  }
  return proof;
}

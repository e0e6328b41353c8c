/**
 * A person's erasure finishes or says it did not: when a step fails (a store that left part of a batch undone
 * rejects), the erasure answers `unavailable` with a message to erase again, and its audit entry says it is
 * incomplete and what was erased before the failure, never that everything was. Erasing again deletes the rest.
 * Their purchases (paid with the address, or in their account) are found and, being bookkeeping records,
 * pseudonymised rather than deleted, and the audit entry says so.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../../../../lambdas/domain/errors';
import type { PersonDeps } from '../../../../../lambdas/domain/leads/deps';
import { erasePerson, erasureIncompleteMessage, findPerson, stripeCopies } from '../../../../../lambdas/domain/leads/person';
import type { Purchase } from '../../../../../lambdas/domain/marketplace/purchases';
import type { ErasureEntry } from '../../../../../lambdas/domain/leads/ports';
import { newSubmission } from '../../../../../lambdas/domain/submissions/record';
import { memoryLeadStore } from '../../../../helpers/memory-lead-store';
import { paidCheckout } from '../../../../helpers/purchases';

const now = new Date('2026-11-22T12:00:00.000Z');
const email = 'pat@example.com';

function lead(i: number) {
  return newSubmission({
    id: randomUUID(),
    kind: 'contactMessage',
    data: {},
    files: [],
    targets: ['mail'],
    now: new Date(now.getTime() - (i + 1) * 60_000),
    lead: { name: 'Pat', email, organisation: 'Org', text: `message ${i}` },
    retentionDays: 30,
  });
}

function purchase(sessionId: string, customerEmail: string | null, extra: Partial<Purchase> = {}): Purchase {
  return { ...paidCheckout(sessionId, ''), customerEmail, createdAt: '2026-11-20T10:00:00.000Z', status: 'paid', ...extra };
}

/** A person's deps in memory; the confirmation claims fail `claimFailures` times (as a throttled batch would). */
function people(opts: { claimFailures: number; account?: boolean }) {
  const store = memoryLeadStore([lead(0), lead(1)]);
  const purchases = new Map(
    [purchase('cs_paid_with_address', 'Pat@Example.com', { createdAt: '2026-11-21T10:00:00.000Z' }), purchase('cs_in_account', 'pat.other@example.com', { userId: 'pat-sub' }), purchase('cs_someone_else', 'sam@example.com')].map((p) => [p.sessionId, p]),
  );
  const account = { id: 'pat-sub', username: 'pat-sub', email, confirmed: true };
  const audit: ErasureEntry[] = [];
  const claims = new Set<string>(['left-over']);
  let failures = opts.claimFailures;
  const deps: PersonDeps = {
    store,
    plans: {},
    files: {
      read: async () => new Uint8Array(),
      list: async () => [],
      remove: async (keys) => keys.length,
      downloadLink: async () => 'https://files.example/x',
      create: async () => ({ write: async () => undefined, finish: async () => 0, abort: async () => undefined }),
    },
    accounts: { findByEmail: async () => (opts.account ? account : undefined), emailOf: async () => 'staff@example.com', remove: async () => undefined },
    mailTo: [],
    clock: { now: () => now },
    newId: randomUUID,
    profiles: { get: async () => undefined, remove: async () => undefined },
    audit: { record: async (entry) => void audit.push(entry) },
    confirmationClaims: {
      remove: async () => {
        if (failures-- > 0) throw new Error('BatchWriteItem left 1 of 3 writes unprocessed');
        claims.clear();
      },
    },
    uploadRecords: { remove: async () => undefined },
    purchases: {
      listByEmail: async (address) => [...purchases.values()].filter((p) => p.customerEmail?.toLowerCase() === address.toLowerCase()),
      listByUser: async (userId) => [...purchases.values()].filter((p) => p.userId === userId),
      pseudonymise: async (sessionId, at) => {
        const p = purchases.get(sessionId);
        if (p) purchases.set(sessionId, { ...p, customerEmail: null, erasedAt: at.toISOString() });
      },
    },
  };
  return { deps, store, audit, claims, purchases };
}

describe('erasePerson', () => {
  it('answers that the erasure did not finish, and audits it as incomplete, when a deletion fails', async () => {
    const { deps, store, audit, claims } = people({ claimFailures: 1 });
    const failed = await erasePerson(deps, email, 'staff-sub').catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(DomainError);
    expect(failed).toMatchObject({ kind: 'unavailable', message: erasureIncompleteMessage });
    expect(claims.size).toBe(1);
    // The submissions were deleted before the failure: the trail says so, and that the erasure is not complete.
    expect(store.items.size).toBe(0);
    expect(audit).toEqual([expect.objectContaining({ action: 'erasure', outcome: 'incomplete', counts: expect.objectContaining({ submissions: 2, confirmationClaims: 0 }) })]);

    // Erasing again deletes the rest and is complete.
    const answer = await erasePerson(deps, email, 'staff-sub');
    expect(claims.size).toBe(0);
    expect(audit.at(-1)).toMatchObject({ id: answer.erasureId, outcome: 'complete', counts: { submissions: 0 } });
  });

  it('audits a complete erasure once, with what it erased', async () => {
    const { deps, audit } = people({ claimFailures: 0 });
    const answer = await erasePerson(deps, email, 'staff-sub');
    expect(answer.erased).toMatchObject({ submissions: 2 });
    expect(audit).toEqual([expect.objectContaining({ id: answer.erasureId, outcome: 'complete', by: 'staff@example.com', counts: expect.objectContaining({ submissions: 2, confirmationClaims: 2 }) })]);
  });
});

describe("a person's purchases", () => {
  it('are found by the address they were paid with and by the account, newest first', async () => {
    const { deps } = people({ claimFailures: 0, account: true });
    const found = await findPerson(deps, email);
    expect(found.purchases.map((p) => [p.sessionId, p.appName, p.amountTotal])).toEqual([
      ['cs_paid_with_address', 'AI Customer Support Bot', 4999],
      ['cs_in_account', 'AI Customer Support Bot', 4999],
    ]);
  });

  it('are kept on erasure with the e-mail removed, and the audit entry says they were pseudonymised', async () => {
    const { deps, audit, purchases } = people({ claimFailures: 0, account: true });
    const answer = await erasePerson(deps, email, 'staff-sub');
    expect(answer.erased.purchasesPseudonymised).toBe(2);
    expect(answer.elsewhere).toContain(stripeCopies);
    for (const id of ['cs_paid_with_address', 'cs_in_account']) {
      expect(purchases.get(id)).toMatchObject({ customerEmail: null, erasedAt: now.toISOString(), amountTotal: 4999, appId: 'ai-customer-support', status: 'paid' });
    }
    expect(purchases.get('cs_someone_else')?.customerEmail).toBe('sam@example.com');
    expect(audit).toEqual([
      expect.objectContaining({ outcome: 'complete', purchaseSessionIds: ['cs_paid_with_address', 'cs_in_account'], counts: expect.objectContaining({ purchasesPseudonymised: 2 }) }),
    ]);
    expect(JSON.stringify(audit).toLowerCase()).not.toMatch(/pat@|pat\.other@/);
  });
});

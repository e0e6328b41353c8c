/**
 * Working a lead: a status and a note, each an audit entry that names the staff member and the time, kept with
 * the submission; the status write leaves its deliveries (and their version) alone.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@shared/contract/api';
import type { SubmissionView } from '@shared/contract/staff-console';
import { storedSubmission } from '../../helpers/submissions';
import { callStaff, createStaffMember, type StaffMember } from '../../helpers/staff';
import { runToken } from '../lead-capture/support';
import { submitDemo } from './support';

const run = runToken();
let staff: StaffMember;
let id: string;
const work = (input: Record<string, unknown>) => callStaff<SubmissionView>(routes.updateSubmission, { id, ...input }, { token: staff.tokens.accessToken });

beforeAll(async () => {
  staff = await createStaffMember();
  id = await submitDemo({ name: `Ann Lee ${run}`, email: `ann-${run}@example.com` });
});

describe('working a lead', () => {
  it('goes new → in progress → answered → closed, each change with who and when in the audit trail', async () => {
    const before = await storedSubmission(id);
    const started = new Date().toISOString();
    expect((await work({ status: 'inProgress', note: 'Called, left a voicemail.' })).status).toBe(200);
    expect((await work({ note: 'She called back: demo on Monday.' })).status).toBe(200);
    expect((await work({ status: 'answered' })).status).toBe(200);
    const { status, body } = await work({ status: 'closed', note: 'Signed.' });
    expect(status).toBe(200);
    expect(body.status).toBe('closed');
    expect(body.history.map(({ action, from, to, note, by }) => ({ action, from, to, note, by }))).toEqual([
      { action: 'status', from: 'new', to: 'inProgress', note: 'Called, left a voicemail.', by: staff.email },
      { action: 'note', from: undefined, to: undefined, note: 'She called back: demo on Monday.', by: staff.email },
      { action: 'status', from: 'inProgress', to: 'answered', note: undefined, by: staff.email },
      { action: 'status', from: 'answered', to: 'closed', note: 'Signed.', by: staff.email },
    ]);
    expect(body.history.every((h) => h.at >= started)).toBe(true);
    // Kept with the submission, and the deliveries untouched.
    const after = await storedSubmission(id);
    expect(after).toMatchObject({ status: 'closed', kindStatus: 'demoRequest#closed', history: body.history });
    expect({ version: after?.version, deliveries: after?.deliveries }).toEqual({ version: before?.version, deliveries: before?.deliveries });
  });

  it('can mark a lead as spam, and refuses a change that changes nothing', async () => {
    expect((await work({ status: 'spam' })).body.status).toBe('spam');
    const same = await work({ status: 'spam' });
    expect({ status: same.status, message: same.body.message }).toEqual({ status: 400, message: 'The status is already that. Choose another status or write a note.' });
  });

  it('refuses tags in a note with a message, and keeps any other text exactly as typed', async () => {
    const tags = await work({ note: 'see <b>this</b>' });
    expect({ status: tags.status, note: tags.body.fieldErrors?.note }).toEqual({ status: 400, note: ['Note must not contain HTML tags.'] });
    const kept = await work({ note: 'budget < 5k & > 1k\n"quoted"' });
    expect(kept.body.history.at(-1)?.note).toBe('budget < 5k & > 1k\n"quoted"');
  });
});

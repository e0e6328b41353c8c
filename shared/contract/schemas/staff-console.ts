/**
 * The inputs of the staff routes (shared/contract/api.ts, access `staff`), validated by the console's forms and by
 * the handlers alike. GET routes take their input from the query string (every value a string); POST bodies are
 * strict: a key the console never sends is refused rather than dropped unread.
 */
import * as z from './zod';
import { leadEmailField } from './demo-request';
import { choiceValues, multiLineText, oneLineText } from './fields';
import { deliveryTargets, leadStatuses, submissionKinds, webhookTypes } from '../staff-console';

export const staffMessages = {
  id: 'Unknown submission.',
  kind: 'Please choose a kind of submission.',
  status: 'Please choose a status.',
  date: 'Please enter a date as YYYY-MM-DD.',
  range: 'The start date must not be after the end date.',
  query: 'Please search with at most 100 characters.',
  cursor: 'This page link is no longer valid; start again from the first page.',
  limit: 'Please ask for 1 to 100 rows at a time.',
  change: 'Please change the status or write a note.',
  note: 'Please keep the note under 2000 characters.',
  replied: 'Say whether you answered the visitor.',
  target: 'Unknown delivery.',
  webhookType: "The webhook type must be 'test' or 'prod'.",
  email: 'Please enter a valid email address.',
  confirm: 'Type the e-mail address again to confirm the erasure.',
  sentAgain: 'Refresh the submission and press Send again once more.',
} as const;

export const SEARCH_MAX_LENGTH = 100;
export const NOTE_MAX_LENGTH = 2000;
export const PAGE_SIZE_MAX = 100;
export const PAGE_SIZE_DEFAULT = 25;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** A submission id as stored: a lower-case UUID (the visitor's idempotency key). */
export const submissionIdField = z.string({ message: staffMessages.id }).check(z.trim(), z.toLowerCase(), z.regex(UUID, staffMessages.id));

/** A calendar day, YYYY-MM-DD, that exists (2026-02-30 does not). */
const dayField = z.string({ message: staffMessages.date }).check(
  z.trim(),
  z.regex(DAY, staffMessages.date),
  // A day that exists: 2026-02-30 rolls over into March. (Also runs when the pattern failed: it must not throw.)
  z.refine((v) => {
    const day = new Date(`${v}T00:00:00.000Z`);
    return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(v);
  }, staffMessages.date),
);

const kindField = z.enum(choiceValues(submissionKinds), { message: staffMessages.kind });
const statusField = z.enum(choiceValues(leadStatuses), { message: staffMessages.status });

/** The inbox's filters (also the CSV export's): kind, status, received between two days (inclusive), a search. */
const filterShape = {
  kind: z.optional(kindField),
  status: z.optional(statusField),
  from: z.optional(dayField),
  to: z.optional(dayField),
  q: z.optional(oneLineText('Search', { max: SEARCH_MAX_LENGTH, maxMessage: staffMessages.query, message: staffMessages.query })),
};

function rangeInOrder(value: { from?: string | undefined; to?: string | undefined }, ctx: z.core.$RefinementCtx): void {
  if (value.from && value.to && value.from > value.to) ctx.addIssue({ code: 'custom', message: staffMessages.range, path: ['to'] });
}

/** GET /api/staff/submissions: the filters plus paging. Unknown parameters are ignored (as on every GET). */
export const inboxQuerySchema = z
  .object({
    ...filterShape,
    cursor: z.optional(z.string({ message: staffMessages.cursor }).check(z.maxLength(2000, staffMessages.cursor), z.regex(/^[A-Za-z0-9_-]+$/, staffMessages.cursor))),
    limit: z.optional(
      z.pipe(
        z.string({ message: staffMessages.limit }).check(z.regex(/^\d{1,3}$/, staffMessages.limit)),
        z.transform(Number),
      ).check(z.refine((n) => n >= 1 && n <= PAGE_SIZE_MAX, staffMessages.limit)),
    ),
  })
  .check(z.superRefine(rangeInOrder));
export type InboxQuery = z.infer<typeof inboxQuerySchema>;

/** The inbox's filters as the console holds them (and the export's body). */
export const inboxFilterSchema = z.strictObject(filterShape).check(z.superRefine(rangeInOrder));
export type InboxFilter = z.infer<typeof inboxFilterSchema>;

/** GET /api/staff/submission?id=... */
export const submissionQuerySchema = z.object({ id: submissionIdField });

/**
 * POST /api/staff/submission: a new status, a note, a reply recorded (the staff member answered the visitor,
 * shared/contract/lead-answer.ts), or several of them.
 */
export const submissionUpdateSchema = z
  .strictObject({
    id: submissionIdField,
    status: z.optional(statusField),
    note: z.optional(multiLineText('Note', { max: NOTE_MAX_LENGTH, maxMessage: staffMessages.note, message: staffMessages.note })),
    replied: z.optional(z.boolean({ message: staffMessages.replied })),
  })
  .check(
    z.refine((v) => v.status !== undefined || (v.note !== undefined && v.note !== '') || v.replied === true, { message: staffMessages.change, path: ['note'] }),
  );
export type SubmissionUpdate = z.infer<typeof submissionUpdateSchema>;

/** POST /api/staff/deliveries: send one delivery of a submission again. */
export const sendAgainSchema = z.strictObject({
  id: submissionIdField,
  target: z.enum(deliveryTargets, { message: staffMessages.target }),
  /**
   * The delivery's `sentAgain` as the staff member's screen showed it: a press made before another staff member's
   * was taken is stale and refused ("Someone else changed this submission..."), so two presses send once.
   */
  sentAgain: z.int({ message: staffMessages.sentAgain }).check(z.refine((n) => n >= 0 && n <= 1_000_000, staffMessages.sentAgain)),
});

/**
 * POST /api/staff/webhook: the spec's webhook helper (§7 item 6, §8), for a stored submission: `webhookType`
 * defaults to 'test' as in the spec.
 */
export const webhookSendSchema = z.strictObject({
  id: submissionIdField,
  webhookType: z._default(z.enum(webhookTypes, { message: staffMessages.webhookType }), 'test'),
});

/** GET /api/staff/people?email=... and the person's export. */
export const personQuerySchema = z.object({ email: leadEmailField(staffMessages.email) });
export const personExportSchema = z.strictObject({ email: leadEmailField(staffMessages.email) });

/** POST /api/staff/people/erase: the address typed twice, so a slip of the hand erases nothing. */
export const personErasureSchema = z
  .strictObject({ email: leadEmailField(staffMessages.email), confirm: z.string({ message: staffMessages.confirm }).check(z.maxLength(254, staffMessages.confirm)) })
  .check(z.refine((v) => v.confirm.trim().toLowerCase() === v.email.toLowerCase(), { message: staffMessages.confirm, path: ['confirm'] }));

/** GET /api/staff/overview: no input (unknown parameters are ignored, as on every GET). */
export const overviewQuerySchema = z.object({});

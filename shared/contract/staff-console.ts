/**
 * What the staff console (/staff) and its API agree on: the kinds and statuses of a lead, the delivery targets as
 * staff read them, and the answers of the staff routes (shared/contract/api.ts, access `staff`). Inputs are
 * validated by shared/contract/schemas/staff-console.ts.
 */
import type { Choice } from './schemas/fields';
import type { PurchaseSummary } from './schemas/purchases';

/** The Cognito group whose members may use the staff routes (the `cognito:groups` claim of their access token). */
export const STAFF_GROUP = 'staff';

/**
 * What a staff route answers (403) to a member of the group whose session was not signed in with an authenticator
 * app (lambdas/composition/sessions.ts); the console guides them through setting one up.
 */
export const SECOND_FACTOR_REQUIRED =
  'Staff sign in with an authenticator app. Open the staff console to set it up, then sign in again with its code.';

export const submissionKinds = [
  { value: 'demoRequest', label: 'Demo request' },
  { value: 'contactMessage', label: 'Contact message' },
  { value: 'idea', label: 'Idea' },
] as const satisfies readonly Choice<string>[];
export type SubmissionKind = (typeof submissionKinds)[number]['value'];

/** How staff work a lead: new, then in progress, answered, closed (or spam). Any status may follow any other. */
export const leadStatuses = [
  { value: 'new', label: 'New' },
  { value: 'inProgress', label: 'In progress' },
  { value: 'answered', label: 'Answered' },
  { value: 'closed', label: 'Closed' },
  { value: 'spam', label: 'Spam' },
] as const satisfies readonly Choice<string>[];
export type LeadStatus = (typeof leadStatuses)[number]['value'];

/** A delivery's state: still being tried, delivered, given up after the last retry, or not needed (see `reason`). */
export type DeliveryState = 'pending' | 'sent' | 'failed' | 'skipped';

/** The submission's deliveries taken together, as the inbox shows them. */
export type OverallDeliveryState = 'pending' | 'sent' | 'failed';

/** The automation webhooks (spec 000_87e5fbf87b6c3f39.txt §7, items 4 and 6). */
export const webhookTypes = ['test', 'prod'] as const;
export type WebhookType = (typeof webhookTypes)[number];

/**
 * The delivery targets: the support staff's mail, the visitor's confirmation, the two webhooks, and the 24-hour
 * watch's two reminders to the support staff (held until 20 and 24 hours after arrival; shared/contract/lead-answer.ts).
 */
export const deliveryTargets = ['mail', 'confirmation', 'webhook:test', 'webhook:prod', 'reminder:20h', 'reminder:24h'] as const;
export type DeliveryTarget = (typeof deliveryTargets)[number];

export const deliveryTargetLabels: Readonly<Record<DeliveryTarget, string>> = {
  mail: 'Support mail',
  confirmation: 'Confirmation to the visitor',
  'webhook:test': 'Test webhook',
  'webhook:prod': 'Prod webhook',
  'reminder:20h': 'Reminder: unanswered for 20 hours',
  'reminder:24h': 'Overdue: unanswered for 24 hours',
};

/**
 * What a sale notice (the support staff's mail of a sale, a cancelled subscription or a failed renewal, kept in the
 * submissions table with kind `saleNotice`) is about, with its mail's heading.
 */
export const saleNoticeHeadings = {
  sale: 'New sale',
  cancellation: 'Subscription cancelled',
  renewalFailed: 'Renewal payment failed',
  // Not a payment: the operator's prompt webhook failed a buyer of the purchase in the prompt studio (issue 40).
  promptServiceFailed: 'Prompt service failed',
} as const;
export type SaleNoticeEvent = keyof typeof saleNoticeHeadings;

export const kindLabel = (kind: string): string => submissionKinds.find((k) => k.value === kind)?.label ?? kind;
export const statusLabel = (status: string): string => leadStatuses.find((s) => s.value === status)?.label ?? status;

/** One row of the inbox. */
export interface InboxItem {
  readonly id: string;
  /** The short reference the visitor's confirmation mail quotes, e.g. `261122-3F2A9C`. */
  readonly reference: string;
  readonly kind: SubmissionKind;
  readonly receivedAt: string;
  readonly status: LeadStatus;
  readonly name: string;
  readonly email: string;
  /** The company (demo request, contact message) or the app's title (idea). */
  readonly organisation: string;
  readonly deliveryState: OverallDeliveryState;
}

export interface InboxPage {
  readonly items: readonly InboxItem[];
  /** Pass back to get the next page; absent on the last one. */
  readonly cursor?: string;
  /** Submissions looked at for this page (a text search reads ahead in bounded steps). */
  readonly examined: number;
  /** The index the page was read from (never a table scan). */
  readonly index: string;
}

/** One delivery of a submission, as its log shows it. */
export interface DeliveryView {
  readonly target: DeliveryTarget;
  readonly label: string;
  /** Who a mail goes to: the support recipients (one message to both), or the visitor for the confirmation. */
  readonly recipients?: readonly string[];
  readonly state: DeliveryState;
  readonly attempts: number;
  readonly lastAttemptAt?: string;
  readonly nextAttemptAt?: string;
  /** A delivery held until a due time (a reminder): when it is (or was) due. */
  readonly dueAt?: string;
  readonly lastError?: string;
  readonly sentAt?: string;
  readonly failedAt?: string;
  /** Why a delivery was not needed (state `skipped`). */
  readonly reason?: string;
  /** The receiver's answer to the last successful call (webhooks), as text. */
  readonly response?: string;
  /** How many times staff sent it again after it was delivered (each such round arrives again). */
  readonly round: number;
  /** How many presses of Send again were taken (failed deliveries included): a press names the count it was made on. */
  readonly sentAgain: number;
  /** Whether "Send again" may be pressed now. */
  readonly canSendAgain: boolean;
}

/** An entry of a submission's audit trail: who did what when. */
export interface HistoryEntry {
  readonly at: string;
  /** The staff member's e-mail address (or account id, when it could not be read). */
  readonly by: string;
  /** `reply`: the staff member recorded that they answered the visitor (shared/contract/lead-answer.ts). */
  readonly action: 'status' | 'note' | 'reply' | 'sendAgain' | 'sendToWebhook';
  readonly from?: LeadStatus;
  readonly to?: LeadStatus;
  readonly note?: string;
  readonly target?: DeliveryTarget;
}

export interface SubmissionFile {
  readonly name: string;
  readonly type: string;
  readonly size: number;
  /** A download link valid for a few minutes. */
  readonly url: string;
}

/** One submission, whole. Every value is the visitor's text: render it as text, never as markup. */
export interface SubmissionView {
  readonly id: string;
  readonly reference: string;
  readonly kind: SubmissionKind;
  readonly receivedAt: string;
  readonly status: LeadStatus;
  readonly fields: readonly { readonly label: string; readonly value: string }[];
  readonly files: readonly SubmissionFile[];
  readonly deliveries: readonly DeliveryView[];
  readonly history: readonly HistoryEntry[];
  /** When the submission (and its files) will be deleted by the stage's retention. */
  readonly expiresAt?: string;
}

/** What `POST /api/staff/webhook` answers: the spec's helper returns the receiver's answer. */
export interface WebhookSendAnswer {
  readonly webhookType: WebhookType;
  readonly response: string;
  readonly submission: SubmissionView;
}

/** A file made for download (CSV export, a person's data): a link valid for a few minutes. */
export interface DownloadAnswer {
  readonly url: string;
  readonly fileName: string;
  readonly bytes: number;
  /** Rows written (CSV export). */
  readonly rows?: number;
}

export interface PersonSubmission {
  readonly id: string;
  readonly reference: string;
  readonly kind: SubmissionKind;
  readonly receivedAt: string;
  readonly files: number;
}

/** A sale notice of one of the person's purchases: it held the buyer's e-mail when it was mailed to the staff. */
export interface PersonNotice {
  readonly id: string;
  readonly event: SaleNoticeEvent;
  readonly appName: string;
  /** ISO time Stripe says it happened. */
  readonly occurredAt: string;
  /** When an erasure removed the e-mail address from it. */
  readonly erasedAt?: string;
}

/** Everything the site holds about one e-mail address. */
export interface PersonView {
  readonly email: string;
  readonly submissions: readonly PersonSubmission[];
  readonly attachments: number;
  readonly account?: { readonly id: string; readonly createdAt?: string; readonly username?: string; readonly confirmed: boolean };
  readonly profile?: { readonly username: string; readonly created_at: string };
  /**
   * The purchases paid with the address or in its account, newest first. Bookkeeping records: an erasure keeps
   * them with the e-mail removed.
   */
  readonly purchases: readonly PurchaseSummary[];
  /**
   * The sale notices of those purchases, oldest first. An erasure keeps them with the e-mail removed: a notice's id
   * is made from its Stripe subject, and the kept row is what stops a replayed event from storing and mailing it again.
   */
  readonly notices: readonly PersonNotice[];
}

export interface ErasureAnswer {
  /** The audit entry left behind: what was erased (counts and ids), never the data itself. */
  readonly erasureId: string;
  readonly erased: {
    /** Booked demos deleted with their requests (issue 41). */
    readonly bookings?: number;
    readonly submissions: number;
    readonly attachments: number;
    readonly account: boolean;
    readonly profile: boolean;
    readonly exportFiles: number;
    /** Purchases kept for the bookkeeping with the e-mail removed (pseudonymised, not deleted). */
    readonly purchasesPseudonymised: number;
    /** Sale notices kept with the e-mail removed (pseudonymised, not deleted). */
    readonly noticesPseudonymised: number;
    /** Answers and prompt versions of the person's purchases in the prompt studio, deleted. */
    readonly promptStudioItems: number;
  };
  /** Copies the site cannot erase itself (sent mail, the automation webhooks' own storage). */
  readonly elsewhere: readonly string[];
}

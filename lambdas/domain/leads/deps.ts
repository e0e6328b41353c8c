/** Everything the staff console's domain works with, wired by lambdas/composition/staff.ts. */
import type { Clock } from '../clock';
import type { BookingErasure } from '../bookings/ports';
import type { SubmissionDeps } from '../submissions/engine';
import type { LeadRecord } from '../submissions/record';
import type { BookingRecord } from '../bookings/ports';
import type { Accounts, AuditLog, ConfirmationClaims, LeadRecords, LeadStore, PersonPurchases, ProfileRecords, StaffFiles, SubmissionRecords, UploadRecords } from './ports';
import type { StudioRecords } from '../prompt-studio/ports';

export interface LeadDeps {
  readonly store: LeadStore;
  /** How each kind is delivered and which fields it has (the submissions registry). */
  readonly plans: SubmissionDeps['plans'];
  readonly files: StaffFiles;
  readonly accounts: Accounts;
  /** The support recipients of the staff mail (the MAIL_TO setting), shown in the delivery log. */
  readonly mailTo: readonly string[];
  readonly clock: Clock;
  readonly newId: () => string;
  /** Keeps the overview's figures of a lead (lambdas/domain/overview/leads.ts) after a staff member's change of it. */
  readonly leadFigures?: (record: LeadRecord) => Promise<void>;
}

/** What sending a submission on needs: the console's deps with the records alone (no inbox reads). */
export type LeadRecordDeps = Omit<LeadDeps, 'store'> & { readonly store: LeadRecords };

/** What a person's export and erasure need besides. */
export interface PersonDeps extends LeadDeps {
  readonly submissionRecords: SubmissionRecords;
  readonly profiles: ProfileRecords;
  readonly audit: AuditLog;
  readonly confirmationClaims: ConfirmationClaims;
  readonly uploadRecords: UploadRecords;
  readonly purchases: PersonPurchases;
  /** A person's booked demos (issue 41): found by their demo requests' ids, and erased with them. */
  readonly bookings: BookingErasure;
  /** The prompt studio of each purchase (issue 40): the buyer's answers and prompt versions. */
  readonly promptStudios: StudioRecords;
  /** Takes an erased person's lead out of the overview's figures, for good (before the lead itself goes). */
  readonly erasedLeadFigures?: (record: LeadRecord) => Promise<void>;
  /** The same for an erased person's booked demo. */
  readonly erasedDemoFigures?: (booking: BookingRecord) => Promise<void>;
}

/** A staff member as the audit trail names them: their e-mail address, else their account id. */
export async function staffName(accounts: Accounts, sub: string): Promise<string> {
  try {
    return (await accounts.emailOf(sub)) ?? sub;
  } catch {
    // The trail must not fail the action: the id still says who it was.
    return sub;
  }
}

/** How long a download link (an attachment, an export) works. */
export const DOWNLOAD_LINK_SECONDS = 5 * 60;

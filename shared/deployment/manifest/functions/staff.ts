/** The staff console's functions: the overview, the inbox, deliveries sent again, a person's data found, exported and erased. */
import { uploadPrefixes } from '../storage';
import type { FunctionDef } from './function-def';

export const staffFunctions = {
  staffOverview: {
    entry: 'lambdas/handlers/staff-overview.ts',
    description: 'Staff console: the overview, read from the figures kept as leads and purchases are written (never from the records).',
    tables: { overview: { read: ['Query'] } },
    buckets: {},
    sendsMail: false,
    secrets: [],
    // The agency's days, how long an open lead is kept, the overdue alarm's threshold it shows.
    settings: ['AGENCY_TIME_ZONE', 'SUBMISSION_RETENTION_DAYS', 'OVERDUE_LEADS_ALARM'],
    timeoutSeconds: 10,
    memoryMb: 512,
  },
  staffInbox: {
    entry: 'lambdas/handlers/staff-inbox.ts',
    description: 'Staff console: lists, opens and works submissions (status, notes) and exports the inbox as CSV.',
    tables: { submissions: { read: ['GetItem', 'BatchGetItem'], write: ['UpdateItem'], indexes: ['inbox', 'inboxByKind', 'inboxByStatus', 'inboxByKindStatus', 'byEmail'] }, overview: { read: ['GetItem'], write: ['PutItem'] } },
    // Reads attachments (download links) and the exports it writes (their download link).
    buckets: { uploads: { read: [uploadPrefixes.attachments, uploadPrefixes.exports], write: [uploadPrefixes.exports] } },
    sendsMail: false,
    secrets: [],
    // The audit trail names the staff member by e-mail address, read from the pool by the token's sub.
    userPool: 'find',
    // The support recipients, shown in the delivery log.
    settings: ['MAIL_TO', 'AGENCY_TIME_ZONE'],
    // Under API Gateway's 30 s: a CSV export of 100,000 rows is written in one call.
    timeoutSeconds: 29,
    memoryMb: 512,
  },
  staffDeliveries: {
    entry: 'lambdas/handlers/staff-deliveries.ts',
    description: "Staff console: sends a submission's delivery again, or the submission to a webhook, through the delivery engine.",
    // bookings: a booking's mails (invitation, update, cancellation, reminders) read the booking when they go.
    tables: { submissions: { read: ['GetItem'], write: ['UpdateItem'] }, confirmationClaims: { write: ['PutItem'] }, bookings: { read: ['GetItem'] }, visitorMail: { read: ['GetItem'], write: ['UpdateItem'] }, overview: { read: ['GetItem'], write: ['PutItem'] } },
    buckets: { uploads: { read: [uploadPrefixes.attachments] } },
    sendsMail: true,
    // bookingLinks: the confirmation's "Pick your demo time" link and the invitation's reschedule and cancel links.
    secrets: ['webhookSigning', 'bookingLinks'],
    userPool: 'find',
    settings: ['SITE_ORIGIN', 'MAIL_FROM', 'MAIL_TO', 'WEBHOOK_TEST_URL', 'WEBHOOK_PROD_URL', 'BOOKING_DEFAULTS', 'VISITOR_MAIL_CAPS', 'MAIL_SANDBOX', 'AGENCY_TIME_ZONE'],
    timeoutSeconds: 29,
    memoryMb: 512,
  },
  staffPeople: {
    entry: 'lambdas/handlers/staff-people.ts',
    description: "Staff console: finds, exports and erases a person's data (submissions, files, account, profile, purchases and their sale notices, booked demos) by e-mail address.",
    // Purchases and their sale notices: read by the buyer's address or account, and pseudonymised (an update, never a delete) on erasure.
    // Erasure deletes rows of its own tables only (never purchases: pseudonymised) and appends to the audit log,
    // which no function may change or delete.
    tables: {
      submissions: { read: ['GetItem', 'BatchGetItem'], write: ['UpdateItem'], delete: ['DeleteItem'], indexes: ['byEmail'] },
      profiles: { read: ['GetItem'], delete: ['DeleteItem'] },
      confirmationClaims: { delete: ['BatchWriteItem'] },
      staffAudit: { write: ['PutItem'] },
      uploadClaims: { delete: ['DeleteItem'] },
      purchases: { write: ['UpdateItem'], indexes: ['byEmail', 'byUser'] },
      // A booked demo: read by its request's id, then deleted with its seats.
      bookings: { read: ['GetItem'], delete: ['DeleteItem'] },
      // The prompt studios of the person's purchases: exported, and deleted (the buyer's answers and versions).
      promptStudios: { read: ['Query'], delete: ['BatchWriteItem'] },
      overview: { read: ['GetItem'], write: ['PutItem'] },
    },
    buckets: {
      uploads: {
        read: [uploadPrefixes.attachments, uploadPrefixes.exports],
        write: [uploadPrefixes.exports],
        // Erasure: the person's files, the uploads they were copied from, and every export (copies of their data).
        remove: [uploadPrefixes.incoming, uploadPrefixes.attachments, uploadPrefixes.exports],
      },
    },
    sendsMail: false,
    secrets: [],
    userPool: 'findAndDelete',
    settings: ['AGENCY_TIME_ZONE'],
    timeoutSeconds: 29,
    // A person's export carries their files (up to 5 x 10 MB a submission), one file in memory at a time.
    memoryMb: 1024,
  },
} as const satisfies Record<string, FunctionDef>;

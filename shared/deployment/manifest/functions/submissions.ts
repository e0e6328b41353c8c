/**
 * The functions of the forms: uploads, accepting demo requests, contact messages and ideas, and delivering them
 * (the delivery engine, its retries, the support mail's attachment links).
 */
import { uploadPrefixes } from '../storage';
import type { FunctionDef } from './function-def';

export const submissionFunctions = {
  uploads: {
    entry: 'lambdas/handlers/uploads.ts',
    description: 'Presigned POSTs for direct browser uploads (count, size and type checked), each recorded with its form.',
    tables: { uploadClaims: { write: ['PutItem'] } },
    buckets: { uploads: { write: [uploadPrefixes.incoming] } },
    sendsMail: false,
    secrets: [],
    settings: [],
    timeoutSeconds: 10,
    memoryMb: 256,
  },
  demoRequests: {
    entry: 'lambdas/handlers/demo-requests.ts',
    description:
      "Stores a demo request (its uploads claimed) and hands it to submissionDelivery, which mails the support staff; answers the request's booking link.",
    tables: { submissions: { read: ['GetItem'], write: ['PutItem'] }, uploadClaims: { read: ['GetItem'], write: ['UpdateItem'] } },
    buckets: { uploads: { read: [uploadPrefixes.incoming, uploadPrefixes.attachments], write: [uploadPrefixes.attachments] } },
    // Accepting only stores and hands off (lambdas/composition/submissions.ts `acceptingDeps`): no mail. The booking
    // link's key: the answer carries the link, so the site offers the booking step right after the dialog closes.
    sendsMail: false,
    secrets: ['bookingLinks'],
    settings: ['SUBMISSION_RETENTION_DAYS'],
    timeoutSeconds: 20,
    memoryMb: 512,
  },
  contactMessages: {
    entry: 'lambdas/handlers/contact-messages.ts',
    description: 'Stores a contact message and hands it to submissionDelivery, which mails the support staff.',
    tables: { submissions: { read: ['GetItem'], write: ['PutItem'] } },
    buckets: {},
    sendsMail: false,
    secrets: [],
    settings: ['SUBMISSION_RETENTION_DAYS'],
    timeoutSeconds: 15,
    memoryMb: 256,
  },
  attachmentLinks: {
    entry: 'lambdas/handlers/attachment-links.ts',
    description: "The support mail's links to files too large to attach: checks the link is known and recent, then redirects to a short-lived presigned GET.",
    tables: { submissions: { read: ['GetItem'] } },
    buckets: { uploads: { read: [uploadPrefixes.attachments] } },
    sendsMail: false,
    secrets: [],
    settings: [],
    timeoutSeconds: 10,
    memoryMb: 256,
  },
  ideas: {
    entry: 'lambdas/handlers/ideas.ts',
    description: 'Stores an app idea (its uploads claimed) and hands it to submissionDelivery, which sends it to both automation webhooks and by mail.',
    tables: { submissions: { read: ['GetItem'], write: ['PutItem'] }, uploadClaims: { read: ['GetItem'], write: ['UpdateItem'] } },
    buckets: { uploads: { read: [uploadPrefixes.incoming, uploadPrefixes.attachments], write: [uploadPrefixes.attachments] } },
    // Never signs a webhook call itself: the delivery functions do, so only they read the signing key.
    sendsMail: false,
    secrets: [],
    settings: ['SUBMISSION_RETENTION_DAYS'],
    timeoutSeconds: 30,
    memoryMb: 512,
  },
  submissionDelivery: {
    entry: 'lambdas/handlers/submission-delivery.ts',
    description: 'Invoked asynchronously once a submission is stored: attempts its mail and webhook deliveries.',
    // bookings: a booking's mails (invitation, update, cancellation, reminders) read the booking when they go.
    tables: { submissions: { read: ['GetItem'], write: ['UpdateItem'] }, confirmationClaims: { write: ['PutItem'] }, bookings: { read: ['GetItem'] }, visitorMail: { read: ['GetItem'], write: ['UpdateItem'] }, overview: { read: ['GetItem'], write: ['PutItem'] } },
    buckets: { uploads: { read: [uploadPrefixes.attachments] } },
    sendsMail: true,
    // bookingLinks: the confirmation's "Pick your demo time" link and the invitation's reschedule and cancel links.
    secrets: ['webhookSigning', 'bookingLinks'],
    settings: ['SITE_ORIGIN', 'MAIL_FROM', 'MAIL_TO', 'WEBHOOK_TEST_URL', 'WEBHOOK_PROD_URL', 'BOOKING_DEFAULTS', 'VISITOR_MAIL_CAPS', 'MAIL_SANDBOX', 'AGENCY_TIME_ZONE'],
    // Room for one attempt (every target in parallel, each cut off after the engine's attempt timeout).
    timeoutSeconds: 30,
    memoryMb: 512,
  },
  deliveryRetry: {
    entry: 'lambdas/handlers/delivery-retry.ts',
    description: 'Scheduled: retries pending mail and webhook deliveries with backoff, marks them failed after the last try.',
    // bookings: a booking's mails (invitation, update, cancellation, reminders) read the booking when they go.
    tables: { submissions: { read: ['GetItem'], write: ['UpdateItem'], indexes: ['pendingDeliveries'] }, confirmationClaims: { write: ['PutItem'] }, bookings: { read: ['GetItem'] }, visitorMail: { read: ['GetItem'], write: ['UpdateItem'] }, overview: { read: ['GetItem'], write: ['PutItem'] } },
    buckets: { uploads: { read: [uploadPrefixes.attachments] } },
    sendsMail: true,
    // bookingLinks: the confirmation's "Pick your demo time" link and the invitation's reschedule and cancel links.
    secrets: ['webhookSigning', 'bookingLinks'],
    settings: ['SITE_ORIGIN', 'MAIL_FROM', 'MAIL_TO', 'WEBHOOK_TEST_URL', 'WEBHOOK_PROD_URL', 'BOOKING_DEFAULTS', 'VISITOR_MAIL_CAPS', 'MAIL_SANDBOX', 'AGENCY_TIME_ZONE'],
    timeoutSeconds: 120,
    memoryMb: 512,
  },
  mailFeedback: {
    entry: 'lambdas/handlers/mail-feedback.ts',
    description: "SES's bounce and complaint events (through SNS): a permanently bouncing or complaining address gets no further mail to visitors.",
    // PutItem of a suppression, conditional: the first report stays.
    tables: { visitorMail: { write: ['PutItem'] } },
    buckets: {},
    sendsMail: false,
    secrets: [],
    settings: [],
    timeoutSeconds: 10,
    memoryMb: 256,
  },
} as const satisfies Record<string, FunctionDef>;

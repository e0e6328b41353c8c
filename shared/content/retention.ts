/**
 * How long the production site keeps what visitors send, in days: what the privacy page promises
 * (shared/content/legal.ts) and what the `prod` stage is configured with (infra/stages.ts `retention`), one
 * definition for both. Other stages may keep things shorter; none is shown to the public as the policy.
 */
export const publishedRetention = {
  /** Uploads never submitted (an abandoned form). */
  orphanedUploadDays: 1,
  /** Files attached to a demo request or an idea. */
  attachmentDays: 90,
  /** Demo requests, contact messages and ideas, with their delivery log and the staff's notes. */
  submissionDays: 365,
  /** Files staff export for one download (a CSV of leads, a person's data). */
  exportDays: 1,
} as const;

/**
 * Reading the local mailbox (aws-ses-v2-local's store): every mail the site sent through SES, including
 * Cognito's verification and reset codes.
 */
import { localStack } from './local-stack';

export interface Mail {
  messageId: string;
  from: string;
  replyTo: string[];
  destination: { to: string[]; cc: string[]; bcc: string[] };
  subject: string;
  body: { html?: string; text?: string };
  attachments: { filename?: string; contentType?: string; content: string; size?: number }[];
  /** Epoch seconds. */
  at: number;
}

function mailboxBase(mailboxUrl?: string): string {
  return (mailboxUrl ?? localStack().mailboxUrl).replace(/\/+$/, '');
}

/** Bare address of `Name <addr>` (lower-cased). */
function address(value: string): string {
  const match = /<([^>]+)>/.exec(value);
  return (match ? (match[1] as string) : value).trim().toLowerCase();
}

export interface MailQuery {
  /** Only mails with this recipient (to, cc or bcc). */
  to?: string;
  /** Only mails sent at or after this time (Date or epoch milliseconds). */
  since?: Date | number;
  subject?: string | RegExp;
  mailboxUrl?: string;
}

export async function listMails(query: MailQuery = {}): Promise<Mail[]> {
  const response = await fetch(`${mailboxBase(query.mailboxUrl)}/store`);
  if (!response.ok) throw new Error(`Mailbox answered ${response.status}`);
  const { emails } = (await response.json()) as { emails: Mail[] };
  const since = query.since === undefined ? undefined : Math.floor(Number(query.since) / 1000);
  const to = query.to?.toLowerCase();
  return emails.filter((mail) => {
    if (since !== undefined && mail.at < since) return false;
    if (to) {
      const all = [...mail.destination.to, ...(mail.destination.cc ?? []), ...(mail.destination.bcc ?? [])].map(address);
      if (!all.includes(address(to))) return false;
    }
    if (query.subject !== undefined) {
      if (typeof query.subject === 'string' ? !mail.subject.includes(query.subject) : !query.subject.test(mail.subject)) return false;
    }
    return true;
  });
}

/** Waits until a mail matching the query arrives; returns the newest match. */
export async function waitForMail(query: MailQuery & { to: string; timeoutMs?: number }): Promise<Mail> {
  const deadline = Date.now() + (query.timeoutMs ?? 10_000);
  for (;;) {
    const mails = await listMails(query);
    const newest = mails.at(-1);
    if (newest) return newest;
    if (Date.now() > deadline) {
      throw new Error(`No mail to ${query.to}${query.subject ? ` with subject ${String(query.subject)}` : ''} arrived within ${query.timeoutMs ?? 10_000} ms`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The text of a mail (its text part, else its HTML without tags). */
export function mailText(mail: Mail): string {
  return mail.body.text ?? (mail.body.html ?? '').replace(/<[^>]+>/g, ' ');
}

/** The first 6-digit code in a mail (Cognito's verification and reset codes). */
export function codeIn(mail: Mail): string {
  const match = /\b(\d{6})\b/.exec(`${mail.subject}\n${mailText(mail)}\n${mail.body.html ?? ''}`);
  if (!match) throw new Error(`No 6-digit code in the mail "${mail.subject}"`);
  return match[1] as string;
}

export async function clearMailbox(mailboxUrl?: string): Promise<void> {
  const response = await fetch(`${mailboxBase(mailboxUrl)}/clear-store`, { method: 'POST' });
  if (!response.ok) throw new Error(`Mailbox answered ${response.status}`);
}

/**
 * Mail that cannot be turned on the business: every mail the site sends to a visitor's address (today the
 * confirmation; any later visitor-bound mail the same way) goes through `admitVisitorMail` first. A bot can type
 * anyone's address into a form, so each such mail is one a stranger may not want, and SES pauses an account whose
 * mail bounces or draws complaints:
 *
 * 1. while the stage's SES account is in the sandbox (its setting), none goes: SES would refuse every address it
 *    has not verified, and the delivery would fail and retry for hours;
 * 2. an address SES reported as bounced (permanently) or complaining gets no further mail (`SuppressedAddresses`,
 *    recorded from SES's events by the mailFeedback function);
 * 3. the mail's own rule, if it has one (the confirmation: one per address per day, `claim`), with the address
 *    normalised so that `Pat+x@Gmail.com` and `p.a.t@googlemail.com` are one address;
 * 4. the stage's caps (`VisitorMailCaps`): all visitor mail per hour and per day, and per recipient domain per hour
 *    and per day, counted in `MailBudget` (atomic counters). Past a cap the mail is skipped: the submission itself is
 *    stored and delivered to staff as always, the skip is visible in the delivery log with its reason, and the
 *    engine logs `visitor mail capped`, which an alarm counts.
 *
 * A skipped mail is answered with its reason; the mail itself still goes to the address as the visitor typed it.
 */
import { createHash } from 'node:crypto';

/** The stage's caps on mail to visitors (setting VISITOR_MAIL_CAPS). */
export interface VisitorMailCaps {
  readonly perHour: number;
  readonly perDay: number;
  readonly perDomainPerHour: number;
  readonly perDomainPerDay: number;
}
export type VisitorMailCap = keyof VisitorMailCaps;

export interface BudgetCounter {
  readonly key: string;
  readonly cap: number;
  /** Epoch seconds when the counter's window is long over (the store may delete it then). */
  readonly expiresAt: number;
}

/** Counters of mail sent, one item per window (lambdas/data/visitor-mail.ts). */
export interface MailBudget {
  /**
   * Counts one mail against each counter in turn, each only while it is under its cap (one conditional write, so
   * two senders at once cannot both take the last one); answers the key of the first counter at its cap, having
   * given back what the counters before it took (a skipped mail counts against no cap), or undefined when every
   * counter took the mail.
   */
  take(counters: readonly BudgetCounter[]): Promise<string | undefined>;
}

/** Addresses SES reported (bounces, complaints), by `addressKey` (a hash: the address is never stored). */
export interface SuppressedAddresses {
  /** Why the address gets no more mail ('bounce' or 'complaint'), or undefined. */
  reasonFor(key: string): Promise<string | undefined>;
}

/** What admitting a visitor mail checks with: the stage's settings, its counters and its suppressed addresses. */
export interface VisitorMailGuard {
  /** The stage's SES account is in the sandbox (setting MAIL_SANDBOX): no visitor mail goes. */
  readonly sandbox: boolean;
  readonly caps: VisitorMailCaps;
  readonly budget: MailBudget;
  readonly suppressed: SuppressedAddresses;
  readonly now: () => Date;
}

export const sandboxReason = "The stage's mail is in the SES sandbox, so mail to visitors is off (its MAIL_SANDBOX setting).";
export const suppressedReason = (why: string) => `This address ${why === 'complaint' ? 'marked our mail as spam' : 'bounced'} before: no more mail goes to it.`;
const capNames: Readonly<Record<VisitorMailCap, string>> = {
  perHour: 'per hour',
  perDay: 'per day',
  perDomainPerHour: 'per hour to one mail domain',
  perDomainPerDay: 'per day to one mail domain',
};
export const cappedReason = (cap: VisitorMailCap, caps: VisitorMailCaps) =>
  `Over the stage's cap of ${caps[cap]} mails to visitors ${capNames[cap]}: not sent. The submission reached staff as always.`;

/** Domains that deliver to the same mailboxes under another name. */
const sameMailboxes: Readonly<Record<string, string>> = { 'googlemail.com': 'gmail.com' };
/** Domains whose mailboxes ignore dots in the local part. */
const dotsIgnored = new Set(['gmail.com']);

/**
 * The address as a mailbox: lower case, the `+tag` dropped, Gmail's dots dropped and googlemail.com folded into
 * gmail.com. For counting and claims only: mail goes to the address as typed.
 */
export function normalisedAddress(email: string): string {
  const trimmed = email.trim().toLowerCase();
  const at = trimmed.lastIndexOf('@');
  if (at < 0) return trimmed;
  const domain = sameMailboxes[trimmed.slice(at + 1)] ?? trimmed.slice(at + 1);
  let local = trimmed.slice(0, at).split('+')[0] ?? '';
  if (dotsIgnored.has(domain)) local = local.replaceAll('.', '');
  return `${local}@${domain}`;
}

/** The recipient's mail domain, as normalised. */
export function recipientDomain(email: string): string {
  const address = normalisedAddress(email);
  return address.slice(address.lastIndexOf('@') + 1);
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The key an address is counted and suppressed under: SHA-256 of the normalised address, never the address. */
export function addressKey(email: string): string {
  return sha256(normalisedAddress(email));
}

/** The counters one mail to `to` at `at` is counted against, with the cap each stands for. */
export function budgetCounters(to: string, at: Date, caps: VisitorMailCaps): (BudgetCounter & { readonly cap: number; readonly name: VisitorMailCap })[] {
  const iso = at.toISOString();
  const hour = iso.slice(0, 13);
  const day = iso.slice(0, 10);
  const epoch = Math.floor(at.getTime() / 1000);
  // A window's counter is kept a day past the window: long enough for any retry to find it, then deleted.
  const hourly = epoch + 3600 + 86_400;
  const daily = epoch + 2 * 86_400;
  const domain = sha256(recipientDomain(to));
  return [
    { name: 'perHour', key: `all#hour#${hour}`, cap: caps.perHour, expiresAt: hourly },
    { name: 'perDay', key: `all#day#${day}`, cap: caps.perDay, expiresAt: daily },
    { name: 'perDomainPerHour', key: `domain#${domain}#hour#${hour}`, cap: caps.perDomainPerHour, expiresAt: hourly },
    { name: 'perDomainPerDay', key: `domain#${domain}#day#${day}`, cap: caps.perDomainPerDay, expiresAt: daily },
  ];
}

export type Admission = { readonly admitted: true } | { readonly admitted: false; readonly reason: string; readonly capped?: VisitorMailCap };

/**
 * Whether a mail to the visitor address `to` may go now (see the module comment). `claim`: the mail's own rule,
 * answering 'claimed' (a first send: counted), 'held' (this same mail again, a retry: counted before) or 'refused'
 * (answered with `refusedReason`). Without a claim (a staff member sending it again: a person's decision), the
 * mail is not counted against the caps; the sandbox and suppressed addresses apply to every mail.
 */
export async function admitVisitorMail(
  guard: VisitorMailGuard,
  input: { readonly to: string; readonly claim?: () => Promise<'claimed' | 'held' | 'refused'>; readonly refusedReason?: string },
): Promise<Admission> {
  if (guard.sandbox) return { admitted: false, reason: sandboxReason };
  const suppressed = await guard.suppressed.reasonFor(addressKey(input.to));
  if (suppressed) return { admitted: false, reason: suppressedReason(suppressed) };
  if (!input.claim) return { admitted: true };
  const claim = await input.claim();
  if (claim === 'refused') return { admitted: false, reason: input.refusedReason ?? 'Not sent: its rule refused it.' };
  if (claim === 'held') return { admitted: true };
  const counters = budgetCounters(input.to, guard.now(), guard.caps);
  const full = await guard.budget.take(counters);
  const capped = counters.find((c) => c.key === full);
  return capped ? { admitted: false, reason: cappedReason(capped.name, guard.caps), capped: capped.name } : { admitted: true };
}

/** The caps as the setting writes them (JSON); throws, naming the setting, when they are not four whole numbers. */
export function parseVisitorMailCaps(text: string): VisitorMailCaps {
  const value = JSON.parse(text || '{}') as Record<string, unknown>;
  const caps = {} as Record<VisitorMailCap, number>;
  for (const name of Object.keys(capNames) as VisitorMailCap[]) {
    const n = value[name];
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 0) throw new Error(`VISITOR_MAIL_CAPS.${name} must be a whole number of at least 0`);
    caps[name] = n;
  }
  return caps;
}

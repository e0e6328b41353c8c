/**
 * What a stage must hold to be deployed as it says: the settings no deployment can work with (placeholders,
 * refused by `npm run deploy:check`) and the combinations synth refuses (`checkStage`).
 */
import { routeThrottleProblems } from '@shared/deployment/manifest';
import { ATTACHMENT_LINK_SECONDS } from '../../lambdas/domain/submissions/attachment-link';
import { availabilitySchema } from '@shared/contract/schemas/bookings';
import { bookingDefaultsOf, edgeRegion, type StageConfig } from './config';
import { parseMailbox } from './mailbox';

/** WAF's rate-based rules count over five minutes and accept no limit below 10. */
const wafMinimumRateLimit = 10;

/** A setting that still holds a value no deployment can work with; `setting` is its path in StageConfig. */
export interface Placeholder {
  readonly setting: string;
  readonly value: string;
  readonly why: string;
}

/**
 * Domains reserved for documentation and tests (RFC 2606, RFC 6761): nobody can own them, so SES can never verify
 * an identity there, no mail to them arrives and no webhook there answers.
 */
const reservedDomain = /(^|\.)(example|invalid|test|localhost)$|(^|\.)example\.(com|net|org)$/i;
/** Account ids of AWS's own documentation. */
const documentationAccounts = new Set(['123456789012', '111122223333', '444455556666']);

function domainOf(value: string): string {
  const address = parseMailbox(value).address;
  if (/^https?:\/\//i.test(address)) {
    try {
      return new URL(address).hostname;
    } catch {
      return address;
    }
  }
  return (address.includes('@') ? address.slice(address.lastIndexOf('@') + 1) : address).toLowerCase();
}

/**
 * The settings of a stage that are still placeholders: a reserved (`*.example`) domain or address anywhere a real
 * one is needed, an account id of repeated digits or from AWS's documentation, a certificate ARN left as `...`.
 * The offline synth accepts them (the repository's stages are such placeholders); a deploy refuses them
 * (`npm run deploy:check`, which every deploy script runs first).
 */
export function placeholdersOf(config: StageConfig): Placeholder[] {
  const found: Placeholder[] = [];
  const reserved = (setting: string, value: string, what: string) => {
    if (reservedDomain.test(domainOf(value))) found.push({ setting, value, why: `${domainOf(value)} is a reserved example domain: ${what}` });
  };
  if (!/^\d{12}$/.test(config.account)) {
    found.push({ setting: 'account', value: config.account, why: 'an AWS account id has 12 digits' });
  } else if (/^(\d)\1{11}$/.test(config.account) || documentationAccounts.has(config.account)) {
    found.push({ setting: 'account', value: config.account, why: 'a placeholder account id, not yours' });
  }
  reserved('alarmEmail', config.alarmEmail, 'no alarm mail can reach it');
  reserved('mail.identity', config.mail.identity, 'SES can never verify it');
  reserved('mail.from', config.mail.from, 'SES can never send from it');
  config.mail.to.forEach((to, i) => reserved(`mail.to[${i}]`, to, 'no support mail can reach it'));
  for (const key of ['testUrl', 'prodUrl', 'promptUrl'] as const) {
    const url = config.webhooks[key];
    if (url) reserved(`webhooks.${key}`, url, 'no receiver answers there');
  }
  if (config.site) {
    reserved('site.domainName', config.site.domainName, 'no certificate or DNS record can exist for it');
    if (config.site.hostedZone) reserved('site.hostedZone.name', config.site.hostedZone.name, 'no such zone can exist');
    if (!/^arn:aws:acm:[a-z0-9-]+:\d{12}:certificate\/[0-9a-f-]{36}$/.test(config.site.certificateArn)) {
      found.push({ setting: 'site.certificateArn', value: config.site.certificateArn, why: 'not the ARN of an ACM certificate' });
    }
  }
  return found;
}

/** Refuses a stage config that could not be deployed as it says (throws with the reason). */
export function checkStage(config: StageConfig): void {
  const { name } = config;
  if (config.mail.to.length === 0) throw new Error(`Stage ${name}: mail.to needs at least one recipient`);
  for (const [cap, n] of Object.entries(config.mail.visitorCaps)) {
    if (!Number.isInteger(n) || n < 0) throw new Error(`Stage ${name}: mail.visitorCaps.${cap} must be a whole number of at least 0.`);
  }
  if (config.region !== edgeRegion) {
    throw new Error(
      `Stage ${name}: region must be ${edgeRegion}. The edge stack holds the CloudFront distribution's AWS WAF web ACL, which CloudFront only accepts from ${edgeRegion}.`,
    );
  }
  for (const [setting, limit] of Object.entries(config.waf)) {
    if (!Number.isInteger(limit) || limit < wafMinimumRateLimit) {
      throw new Error(`Stage ${name}: waf.${setting} must be a whole number of at least ${wafMinimumRateLimit} (AWS WAF's minimum).`);
    }
  }
  const reachable = routeThrottleProblems(config.waf);
  if (reachable.length > 0) {
    throw new Error(
      `Stage ${name}: one address could empty a route's shared throttle (lower the waf limit or raise the route's burst in shared/deployment/manifest/api-routes.ts): ${reachable.join('; ')}.`,
    );
  }
  const linkDays = Math.ceil(ATTACHMENT_LINK_SECONDS / 86_400);
  if (config.retention.attachmentDays < linkDays) {
    throw new Error(`Stage ${name}: retention.attachmentDays must be at least ${linkDays}: the support mail's attachment links work that long.`);
  }
  if (config.protectData && !config.sellsPrompts) {
    throw new Error(`Stage ${name}: protects production data but sellsPrompts is false, so its paid prompts would be free. Set sellsPrompts: true.`);
  }
  if (config.retention.orphanedUploadDays < 1) throw new Error(`Stage ${name}: retention.orphanedUploadDays must be at least 1.`);
  if (config.retention.exportDays < 1) throw new Error(`Stage ${name}: retention.exportDays must be at least 1 (S3's shortest lifecycle).`);
  if (config.retention.attachmentDays > config.retention.submissionDays) {
    throw new Error(`Stage ${name}: retention.attachmentDays must not exceed retention.submissionDays: a file must not outlive its submission.`);
  }
  if (config.billing.portalLoginUrl !== '' && !/^https:\/\/[^\s/]+\/\S*$/.test(config.billing.portalLoginUrl)) {
    throw new Error(`Stage ${name}: billing.portalLoginUrl must be an https URL (Stripe's portal login link) or ''.`);
  }
  if (!Number.isInteger(config.keepReleases) || config.keepReleases < 1) throw new Error(`Stage ${name}: keepReleases must be a whole number of at least 1.`);
  if (!Number.isInteger(config.overdueLeadsAlarm) || config.overdueLeadsAlarm < 0) throw new Error(`Stage ${name}: overdueLeadsAlarm must be a whole number of at least 0.`);
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: config.timeZone });
  } catch {
    throw new Error(`Stage ${name}: timeZone must be an IANA time zone such as America/New_York, not "${config.timeZone}".`);
  }
  const booking = availabilitySchema.safeParse(bookingDefaultsOf(config));
  if (!booking.success) throw new Error(`Stage ${name}: booking is not a valid availability: ${booking.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}.`);
}

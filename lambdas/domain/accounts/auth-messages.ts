/**
 * The account e-mails Cognito sends (verification after sign-up, password reset), written by the custom-message
 * trigger so that their links land on the site itself:
 * - sign-up:  `${siteOrigin}/auth?action=confirm&email=...&code=...`  -> the page calls ConfirmSignUp on arrival;
 * - reset:    `${siteOrigin}/update-password#type=recovery&email=...&code=...` -> the page calls
 *             ConfirmForgotPassword with the new password. The hash keeps the code out of server logs.
 *
 * Cognito fills in the code wherever its placeholder `{####}` stands. The local stand-in (cognito-local) only
 * replaces the FIRST placeholder, so every message carries it exactly once, inside the link, and user-supplied
 * text is escaped so that it can never contain a placeholder itself.
 */
import type { brand as brandConst } from '@shared/content/brand';
import { acceptableUsername } from './username';

export type Brand = Pick<typeof brandConst, 'name' | 'email' | 'address'>;

export type AccountMailKind = 'verifySignUp' | 'resetPassword';

interface AccountMailInput {
  readonly kind: AccountMailKind;
  /** Where the site is served, e.g. https://www.example.com (no trailing slash needed). */
  readonly siteOrigin: string;
  readonly brand: Brand;
  readonly email: string;
  /**
   * The name chosen at sign-up, for the greeting: the visitor's text, used only when it passes the profile's
   * username rule (else the mail says "Hello,"), and escaped.
   */
  readonly username: string | undefined;
  /** Cognito's code placeholder as given in the trigger event (`{####}`). */
  readonly codeParameter: string;
}

interface AccountMail {
  readonly subject: string;
  readonly html: string;
  /** Plain-text rendering of the same message (for previews and tests; Cognito sends `html`). */
  readonly text: string;
  /** The link with the code placeholder still in it. */
  readonly link: string;
}

/** Escapes text for HTML, including braces so that no user text can form `{####}` or `{username}`. */
const entities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '{': '&#123;',
  '}': '&#125;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"'{}]/g, (c) => entities[c] ?? c);
}

function origin(siteOrigin: string): string {
  return siteOrigin.replace(/\/+$/, '');
}

/** The link in the mail. The placeholder is appended raw: URL-encoding it would stop Cognito replacing it. */
function accountLink(kind: AccountMailKind, siteOrigin: string, email: string, codeParameter: string): string {
  const address = encodeURIComponent(email);
  if (kind === 'verifySignUp') {
    return `${origin(siteOrigin)}/auth?action=confirm&email=${address}&code=${codeParameter}`;
  }
  return `${origin(siteOrigin)}/update-password#type=recovery&email=${address}&code=${codeParameter}`;
}

interface Copy {
  subject: string;
  preheader: string;
  heading: string;
  intro: string;
  button: string;
  after: string;
  expiry: string;
  ignore: string;
}

function copyFor(kind: AccountMailKind, brandName: string): Copy {
  if (kind === 'verifySignUp') {
    return {
      subject: `Confirm your ${brandName} account`,
      preheader: `One click to finish creating your ${brandName} account.`,
      heading: 'Confirm your e-mail address',
      intro: `Thanks for creating an account with ${brandName}. Please confirm that this is your e-mail address.`,
      button: 'Confirm my account',
      after: 'Opening the link confirms your account right away; you can then sign in with your e-mail and password.',
      expiry: 'The link can be used once and expires in 24 hours.',
      ignore: `If you did not sign up for ${brandName}, you can ignore this e-mail: no account will be activated.`,
    };
  }
  return {
    subject: `Reset your ${brandName} password`,
    preheader: `Choose a new password for your ${brandName} account.`,
    heading: 'Reset your password',
    intro: `We received a request to reset the password of your ${brandName} account.`,
    button: 'Choose a new password',
    after: 'The link opens a page on our website where you choose your new password.',
    expiry: 'The link can be used once and expires in 1 hour.',
    ignore: 'If you did not ask for this, you can ignore this e-mail: your password stays unchanged.',
  };
}

export function accountMail(input: AccountMailInput): AccountMail {
  const { brand } = input;
  const copy = copyFor(input.kind, brand.name);
  const link = accountLink(input.kind, input.siteOrigin, input.email, input.codeParameter);
  // Stored usernames may predate the pre-sign-up trigger, or have been set through Cognito's own API: a name
  // the rule refuses (markup, a direction override, line breaks, 300 characters) is not put in front of anyone.
  const name = acceptableUsername(input.username);
  const greeting = name ? `Hi ${name},` : 'Hello,';
  const year = new Date().getUTCFullYear();

  const html = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(copy.subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2933;">
<div style="display:none;max-height:0;overflow:hidden;">${escapeHtml(copy.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f5f7;padding:24px 0;">
<tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;width:100%;background:#ffffff;border-radius:8px;">
<tr><td style="padding:24px 32px;border-bottom:1px solid #e4e7eb;font-size:20px;font-weight:bold;color:#3b2fc9;">${escapeHtml(brand.name)}</td></tr>
<tr><td style="padding:32px;">
<h1 style="margin:0 0 16px;font-size:22px;color:#1f2933;">${escapeHtml(copy.heading)}</h1>
<p style="margin:0 0 16px;font-size:16px;line-height:1.5;">${escapeHtml(greeting)}</p>
<p style="margin:0 0 24px;font-size:16px;line-height:1.5;">${escapeHtml(copy.intro)}</p>
<p style="margin:0 0 24px;"><a href="${link.replace(/&/g, '&amp;')}" style="display:inline-block;padding:12px 24px;background:#3b2fc9;color:#ffffff;text-decoration:none;border-radius:6px;font-size:16px;font-weight:bold;">${escapeHtml(copy.button)}</a></p>
<p style="margin:0 0 16px;font-size:14px;line-height:1.5;color:#52606d;">${escapeHtml(copy.after)} ${escapeHtml(copy.expiry)}</p>
<p style="margin:0;font-size:14px;line-height:1.5;color:#52606d;">${escapeHtml(copy.ignore)}</p>
</td></tr>
<tr><td style="padding:16px 32px;border-top:1px solid #e4e7eb;font-size:12px;line-height:1.5;color:#7b8794;">
${escapeHtml(brand.name)} · ${escapeHtml(brand.address)} · <a href="mailto:${escapeHtml(brand.email)}" style="color:#7b8794;">${escapeHtml(brand.email)}</a><br>
© ${year} ${escapeHtml(brand.name)}. You received this e-mail because this address was used on our website.
</td></tr>
</table>
</td></tr></table>
</body></html>`;

  const text = [
    copy.heading,
    '',
    greeting,
    '',
    copy.intro,
    '',
    `${copy.button}: ${link}`,
    '',
    `${copy.after} ${copy.expiry}`,
    copy.ignore,
    '',
    `${brand.name} · ${brand.address} · ${brand.email}`,
  ].join('\n');

  return { subject: copy.subject, html, text, link };
}

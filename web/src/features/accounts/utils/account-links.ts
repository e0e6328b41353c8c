/**
 * Reading the links of the account mails (written by lambdas/domain/accounts/auth-messages.ts):
 * - /auth?action=confirm&email=...&code=...           confirms a sign-up on arrival;
 * - /update-password#type=recovery&email=...&code=... carries a password reset.
 */

export interface CodeLink {
  readonly email: string;
  readonly code: string;
}

function codeLink(params: URLSearchParams): CodeLink | null {
  const email = params.get('email')?.trim() ?? '';
  const code = params.get('code')?.trim() ?? '';
  if (!email || !code || code.includes('{')) return null;
  return { email, code };
}

/** The sign-up confirmation carried by /auth's query string, if any. */
export function confirmationFromSearch(search: string): CodeLink | null {
  const params = new URLSearchParams(search);
  if (params.get('action') !== 'confirm') return null;
  return codeLink(params);
}

/** The recovery marker and reset data in /update-password's hash; null when the link is not a valid one. */
export function recoveryFromHash(hash: string): CodeLink | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  if (params.get('type') !== 'recovery') return null;
  return codeLink(params);
}

/**
 * Where to go after signing in: `/auth?redirect=/path` is followed when it names a path on this site (never
 * another origin, so the parameter cannot be used to send visitors away); otherwise Home, as the spec says.
 */
export function redirectAfterSignIn(search: string): string {
  const target = new URLSearchParams(search).get('redirect') ?? '';
  if (!target.startsWith('/') || target.startsWith('//') || target.includes('\\')) return '/';
  if (target.startsWith('/auth')) return '/';
  return target;
}

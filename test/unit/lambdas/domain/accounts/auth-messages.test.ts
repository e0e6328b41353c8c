/**
 * A username already stored is the visitor's text, never trusted: the verification and reset mails greet by it
 * only when it passes the profile's rule (an account from before the pre-sign-up trigger, or a
 * `preferred_username` set through Cognito's own API, can hold anything), and escape it even then. And the plain-text rendering carries the brand and the link.
 */
import { describe, expect, it } from 'vitest';
import { brand } from '@shared/content/brand';
import { accountMail } from '../../../../../lambdas/domain/accounts/auth-messages';

describe('account mail text', () => {
  it('has a plain-text rendering with the brand and the link', () => {
    const mail = accountMail({
      kind: 'resetPassword',
      siteOrigin: 'http://localhost:3000',
      brand,
      email: 'ada@example.com',
      username: undefined,
      codeParameter: '{####}',
    });
    expect(mail.text).toContain('Hello,');
    expect(mail.text).toContain(`Choose a new password: http://localhost:3000/update-password#type=recovery&email=ada%40example.com&code={####}`);
    expect(mail.text).toContain(brand.email);
  });
});

const mail = (username: string | undefined, kind: 'verifySignUp' | 'resetPassword' = 'verifySignUp') =>
  accountMail({ kind, siteOrigin: 'https://www.cadence.example', brand, email: 'ada@example.com', username, codeParameter: '{####}' });

describe('the greeting of the account mails', () => {
  it('greets by a username that passes the rule', () => {
    expect(mail('  Zoë 山田 ').html).toContain('<p style="margin:0 0 16px;font-size:16px;line-height:1.5;">Hi Zoë 山田,</p>');
    expect(mail('Ada', 'resetPassword').text).toContain('\nHi Ada,\n');
  });

  it('escapes a username that passes the rule but has characters HTML gives a meaning (& and quotes)', () => {
    expect(mail(`Tom & "Jerry's"`).html).toContain('Hi Tom &amp; &quot;Jerry&#39;s&quot;,');
  });

  const bad: [string, string][] = [
    ['an image tag', '<img src=x onerror=alert(1)>'],
    ['a half-open image tag', '<img src=x onerror=alert(1) '],
    ['a right-to-left override', 'ab\u202egnp.exe'],
    ['CR/LF', 'Ada\r\nBcc: victim@example.com'],
    ['a zero-width space', 'Ad\u200ba'],
    ['tag characters', `Ada${String.fromCodePoint(0xe0069, 0xe0067)}`],
    ['300 characters', 'a'.repeat(300)],
  ];
  for (const [what, username] of bad) {
    it(`says "Hello," instead of greeting by a stored username with ${what}`, () => {
      for (const kind of ['verifySignUp', 'resetPassword'] as const) {
        const m = mail(username, kind);
        expect(m.html).toContain('>Hello,</p>');
        expect(m.text).toContain('\nHello,\n');
        expect(m.html).not.toContain(username.trim());
        expect(m.text).not.toContain(username.trim());
        // The one code placeholder is the link's.
        expect(m.html.split('{####}')).toHaveLength(2);
      }
    });
  }
});

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

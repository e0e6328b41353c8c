import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { brand } from '@shared/content/brand';
import { handler } from '../../../../lambdas/triggers/custom-message';
import { lambdaContext } from '../../../helpers/http-event';
import { customMessageEvent } from '../../../helpers/records';

const event = customMessageEvent;

/** What a mail reader sees once Cognito replaced the placeholder (cognito-local replaces only the first). */
function deliver(html: string, code: string): string {
  return html.replace('{####}', code);
}

function hrefOf(html: string): URL {
  const match = /<a href="([^"]+)"[^>]*>(?:Confirm my account|Choose a new password)<\/a>/.exec(html);
  if (!match?.[1]) throw new Error('no link in mail');
  return new URL(match[1].replaceAll('&amp;', '&'));
}

describe('custom-message trigger', () => {
  const previous = process.env.SITE_ORIGIN;
  beforeEach(() => {
    process.env.SITE_ORIGIN = 'https://www.cadence.example/';
  });
  afterEach(() => {
    if (previous === undefined) delete process.env.SITE_ORIGIN;
    else process.env.SITE_ORIGIN = previous;
  });

  it('sign-up: a branded mail whose single link confirms the account on /auth', async () => {
    const result = await handler(event('CustomMessage_SignUp', { email: 'ada+test@example.com', preferred_username: 'Ada', sub: 'abc' }), lambdaContext);
    const html = result.response.emailMessage ?? '';
    expect(result.response.emailSubject).toBe(`Confirm your ${brand.name} account`);
    expect(html.split('{####}')).toHaveLength(2);
    expect(html).toContain('Hi Ada,');
    expect(html).toContain('Opening the link confirms your account');
    const link = hrefOf(deliver(html, '123456'));
    expect(link.origin + link.pathname).toBe('https://www.cadence.example/auth');
    expect(Object.fromEntries(link.searchParams)).toEqual({ action: 'confirm', email: 'ada+test@example.com', code: '123456' });
  });

  it('resent codes get the same confirmation mail', async () => {
    const result = await handler(event('CustomMessage_ResendCode', { email: 'ada@example.com' }), lambdaContext);
    expect(result.response.emailSubject).toBe(`Confirm your ${brand.name} account`);
    expect(hrefOf(deliver(result.response.emailMessage ?? '', '999999')).searchParams.get('code')).toBe('999999');
  });

  it('forgot password: the link opens /update-password with the recovery marker, e-mail and code in the hash', async () => {
    const result = await handler(event('CustomMessage_ForgotPassword', { email: 'ada@example.com', preferred_username: 'Ada' }), lambdaContext);
    const html = result.response.emailMessage ?? '';
    expect(result.response.emailSubject).toBe(`Reset your ${brand.name} password`);
    expect(html.split('{####}')).toHaveLength(2);
    const link = hrefOf(deliver(html, '654321'));
    expect(link.pathname).toBe('/update-password');
    expect(link.search).toBe('');
    expect(Object.fromEntries(new URLSearchParams(link.hash.slice(1)))).toEqual({
      type: 'recovery',
      email: 'ada@example.com',
      code: '654321',
    });
  });

  it('a username cannot inject markup or a second code placeholder', async () => {
    const result = await handler(event('CustomMessage_SignUp', { email: 'eve@example.com', preferred_username: '<b>{####}</b>' }), lambdaContext);
    const html = result.response.emailMessage ?? '';
    expect(html.split('{####}')).toHaveLength(2);
    expect(html).not.toContain('<b>');
    expect(hrefOf(deliver(html, '111111')).searchParams.get('code')).toBe('111111');
  });

  it('leaves other message kinds to Cognito', async () => {
    const result = await handler(event('CustomMessage_UpdateUserAttribute', { email: 'ada@example.com' }), lambdaContext);
    expect(result.response.emailMessage).toBeNull();
    expect(result.response.emailSubject).toBeNull();
  });

  it('keeps the default message when SITE_ORIGIN is missing rather than sending a broken link', async () => {
    delete process.env.SITE_ORIGIN;
    const result = await handler(event('CustomMessage_SignUp', { email: 'ada@example.com' }), lambdaContext);
    expect(result.response.emailMessage).toBeNull();
  });
});

/**
 * The cognito-local patch (infra/local/patches/cognito-local.ts): every internal it takes loads and is what the
 * local Cognito uses it as (the whole composed server is exercised by test/integration/local-stack/cognito.test.ts),
 * and the gaps its gap-fillers fill are still gaps: when cognito-local answers one of those targets itself, the
 * gap-filler is to be dropped. A failure names the patch and the cognito-local version.
 */
import { describe, expect, it } from 'vitest';
import { noLongerFits, pinOf } from '../../../../helpers/patches';

describe('patch "in-process with its gaps filled" of cognito-local', async () => {
  // Loading the patch takes every internal; an upgrade that moved one fails here, with the patch's message.
  const patch = await import('../../../../../infra/local/patches/cognito-local');
  const { cognitoLocalPatch: cognitoPatch } = patch;

  it('is pinned to exactly the version installed', () => {
    const { pinned, installed } = pinOf(cognitoPatch);
    expect(pinned, noLongerFits(cognitoPatch, `package.json must pin it exactly; it says ${pinned}`)).toBe(installed);
  });

  it("gives what the local Cognito uses: errors with Cognito's codes, a router, a logger, the signing keys", () => {
    expect(new patch.CognitoError('CodeMismatchException', 'x').code, noLongerFits(cognitoPatch, 'CognitoError#code')).toBe('CodeMismatchException');
    expect(new patch.NotAuthorizedError('x'), noLongerFits(cognitoPatch, 'NotAuthorizedError')).toMatchObject({ code: 'NotAuthorizedException', message: 'x' });
    expect(new patch.InvalidParameterError('x')).toBeInstanceOf(patch.CognitoError);
    expect(typeof patch.Router({} as never)('InitiateAuth'), noLongerFits(cognitoPatch, 'Router(services)(target)')).toBe('function');
    expect(typeof patch.pino({ level: 'silent' }).child, noLongerFits(cognitoPatch, 'its pino logger')).toBe('function');
    expect(patch.signingKeys.publicJwk, noLongerFits(cognitoPatch, 'lib/keys/cognitoLocal.public.json')).toMatchObject({ kty: 'RSA', kid: 'CognitoLocal' });
    expect(patch.signingKeys.privatePem, noLongerFits(cognitoPatch, 'lib/keys/cognitoLocal.private.json')).toMatch(/BEGIN (RSA )?PRIVATE KEY/);
  });

  it.each([
    ['GlobalSignOut', 'overrides/global-sign-out.ts'],
    ['AdminUserGlobalSignOut', 'overrides/global-sign-out.ts'],
    ['GetTokensFromRefreshToken', 'overrides/refresh-tokens.ts'],
    ['ResendConfirmationCode', 'overrides/confirmation.ts'],
  ])('still lacks %s (filled by infra/local/cognito/%s)', async (target, gapFiller) => {
    const answer = await patch.Router({} as never)(target)({} as never, {}).then(
      () => 'answered',
      (error: Error) => error.constructor.name,
    );
    expect(answer, noLongerFits(cognitoPatch, `it now answers ${target} itself: drop that part of infra/local/cognito/${gapFiller}`)).toBe('UnsupportedError');
  });
});

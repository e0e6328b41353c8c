/**
 * What the signed-in caller's account says about them, asked of Cognito with their own access token: only the
 * functions that need it (Buy Now signed in, adding a purchase to an account) bundle Cognito's client.
 */
import { verifiedEmailOf } from '../adapters/cognito-user';
import { logger } from '../lib/logger';

/**
 * The caller's verified e-mail, asked of Cognito with their own access token. Undefined when Cognito cannot
 * tell (unverified, or unreachable: the proof by e-mail then simply does not hold).
 */
export async function verifiedEmail(accessToken: string | undefined): Promise<string | undefined> {
  if (!accessToken) return undefined;
  try {
    return await verifiedEmailOf(accessToken);
  } catch (error) {
    logger.warn('could not read the account e-mail from Cognito', { error: String(error) });
    return undefined;
  }
}


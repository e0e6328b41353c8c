/**
 * The authenticator app (TOTP) as Cognito keeps it, through Amplify v6: whether the signed-in user has it, setting
 * it up (AssociateSoftwareToken, VerifySoftwareToken with a code from the app, SetUserMFAPreference) and the code
 * step of a sign-in (RespondToAuthChallenge, SOFTWARE_TOKEN_MFA). Staff must have it (the staff routes refuse a
 * member without it); visitors never see it. Part of the lazily loaded accounts chunk.
 */
import { confirmSignIn, fetchMFAPreference, setUpTOTP, updateMFAPreference, verifyTOTPSetup } from 'aws-amplify/auth';
import { authReady as ready, refreshUser } from './session';

/** Whether the signed-in user signs in with an authenticator app: enabled and preferred (what the staff routes ask). */
export async function hasAuthenticatorApp(): Promise<boolean> {
  await ready();
  const { enabled, preferred } = await fetchMFAPreference();
  return (enabled ?? []).includes('TOTP') && preferred === 'TOTP';
}

export interface AuthenticatorSetup {
  /** The key to type into the app by hand (base32). */
  readonly secret: string;
  /** The otpauth:// address a QR code carries. */
  readonly uri: string;
}

/** Starts the setup: a new secret for the app, named after the site and the user's address. */
export async function startAuthenticatorSetup(appName: string, accountName: string): Promise<AuthenticatorSetup> {
  await ready();
  const details = await setUpTOTP();
  return { secret: details.sharedSecret, uri: details.getSetupUri(appName, accountName).toString() };
}

/** Finishes the setup with a code from the app: verified, then enabled and preferred, so every sign-in asks for it. */
export async function finishAuthenticatorSetup(code: string): Promise<void> {
  await ready();
  await verifyTOTPSetup({ code, options: { friendlyDeviceName: 'Authenticator app' } });
  await updateMFAPreference({ totp: 'PREFERRED' });
}

/** The code step of a sign-in that Cognito asked for (CONFIRM_SIGN_IN_WITH_TOTP_CODE). */
export async function confirmSignInCode(code: string): Promise<void> {
  await ready();
  const result = await confirmSignIn({ challengeResponse: code });
  if (!result.isSignedIn) {
    throw Object.assign(new Error('This account needs a sign-in step the site does not offer. Please contact us.'), { name: 'UnsupportedSignInStep' });
  }
  await refreshUser();
}

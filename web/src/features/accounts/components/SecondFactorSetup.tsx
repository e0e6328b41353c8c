/**
 * Setting up an authenticator app (TOTP), which every staff member needs before the staff console opens: the app
 * reads a QR code (or takes the key typed by hand), its first code turns it on, and then the member is signed out
 * everywhere and signs in again with password and code. The sign-out ends every session begun without the app
 * (lambdas/composition/sessions.ts says why the staff routes rely on it).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Flex, Heading, TextField } from '@aws-amplify/ui-react';
import { toString as qrSvg } from 'qrcode';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { brand } from '@shared/content/brand';
import { authenticatorCodeSchema, type AuthenticatorCodeInput } from '@shared/contract/schemas/auth';
import { toast } from '../../../lib/toast';
import { signOutEverywhere } from '../api/auth-actions';
import { finishAuthenticatorSetup, startAuthenticatorSetup, type AuthenticatorSetup } from '../api/second-factor';
import { authenticatorCodeErrorMessage, authErrorMessage } from '../utils/auth-errors';
import { fieldError } from '../utils/field-error';
import { AccountNotice } from './AccountNotice';

type Setup = { state: 'starting' } | { state: 'failed'; message: string } | ({ state: 'ready'; qr: string } & AuthenticatorSetup);

/** The key in groups of four, as authenticator apps show and accept it. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

export function SecondFactorSetup({ email, onSignedOut }: { email: string; onSignedOut: () => unknown }) {
  const [setup, setSetup] = useState<Setup>({ state: 'starting' });
  const {
    register,
    handleSubmit,
    reset,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<AuthenticatorCodeInput>({ resolver: zodResolver(authenticatorCodeSchema), defaultValues: { code: '' } });

  useEffect(() => {
    let current = true;
    // Asked once per visit of the screen: a new secret replaces any earlier one that was never confirmed.
    void (async () => {
      try {
        const details = await startAuthenticatorSetup(brand.name, email);
        const svg = await qrSvg(details.uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
        if (current) setSetup({ state: 'ready', ...details, qr: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` });
      } catch (error) {
        if (current) setSetup({ state: 'failed', message: authErrorMessage(error, 'We could not start the setup. Please reload the page.') });
      }
    })();
    return () => {
      current = false;
    };
  }, [email]);

  const onSubmit = handleSubmit(async ({ code }) => {
    try {
      await finishAuthenticatorSetup(code);
    } catch (error) {
      toast({ title: authenticatorCodeErrorMessage(error).message, variant: 'destructive' });
      reset({ code: '' });
      setFocus('code');
      return;
    }
    toast({ title: 'Authenticator app set up', description: 'Sign in again with your password and a code from the app.' });
    try {
      await signOutEverywhere(onSignedOut);
    } catch (error) {
      toast({ title: authErrorMessage(error, 'We could not sign you out. Please sign out and in again.'), variant: 'destructive' });
    }
  });

  return (
    <main id="main" className="container page">
      <Heading level={1}>Set up your authenticator app</Heading>
      <p>
        Staff sign in with their password and a code from an authenticator app on their phone (for example Google Authenticator, Microsoft
        Authenticator or 1Password). The staff console opens once it is set up.
      </p>
      {setup.state === 'starting' ? <output>Preparing your setup...</output> : null}
      {setup.state === 'failed' ? <AccountNotice tone="error">{setup.message}</AccountNotice> : null}
      {setup.state === 'ready' ? (
        <Flex direction="column" gap="1rem" className="account-card card">
          <Heading level={2}>1. Add this site to the app</Heading>
          <img src={setup.qr} alt="QR code for your authenticator app" width={200} height={200} />
          <p>
            Scan the QR code with the app, or enter the setup key by hand (a time-based key). On the phone that has the app,{' '}
            <a href={setup.uri}>open the setup in the app</a>.
          </p>
          <TextField label="Setup key" value={grouped(setup.secret)} isReadOnly />
          <Heading level={2}>2. Enter the code the app shows</Heading>
          <Flex as="form" direction="column" gap="1rem" onSubmit={(e) => void onSubmit(e)} noValidate>
            <TextField id="setup-code" label="Authenticator code" inputMode="numeric" autoComplete="one-time-code" {...register('code')} {...fieldError(errors.code)} />
            <Flex>
              <Button type="submit" variation="primary" isDisabled={isSubmitting}>
                {isSubmitting ? 'Turning on...' : 'Turn on'}
              </Button>
            </Flex>
          </Flex>
        </Flex>
      ) : null}
    </main>
  );
}

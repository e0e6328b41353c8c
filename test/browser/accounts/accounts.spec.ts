/**
 * Accounts end to end through the local stack (cognito-local with its gap-fillers, the real triggers, the local
 * SES mailbox, the profile API): the flows of issue 6's "Done when", with the spec's texts.
 */
import { expect, test, type Page } from '@playwright/test';
import { GetTokensFromRefreshTokenCommand, GlobalSignOutCommand, InitiateAuthCommand, SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { userPool } from '@shared/deployment/manifest';
import { cognitoClient, createConfirmedUser, signIn, uniqueEmail } from '../../helpers/cognito';
import { accessClaims, decodeJwtPayload, localPoolPrivateKey, signJwt } from '../../helpers/jwt';
import { localStack } from '../../helpers/local-stack';
import { listMails } from '../../helpers/mailbox';
import { skipRetryWaits } from '../../helpers/retry-clock';
import { SESSION_KEYS_STORAGE_KEY } from '../../../web/src/features/accounts/utils/stored-session';
import {
  expectSignedIn,
  expectSignedOut,
  header,
  mailLink,
  main,
  signInByForm,
  signInPanel,
  storedRefreshToken,
  submitSignIn,
  submitSignUp,
  toasts,
} from './support';

const today = () => new Date().toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

test('sign up, confirm by the mailed link, sign in, rename, change the password, sign out, sign in with the new password', async ({ page }) => {
  const stack = localStack();
  const email = uniqueEmail('journey');
  const since = Date.now() - 1000;

  const signUp = await submitSignUp(page, { username: 'Journey', email, password: 'first-pass-1', confirm: 'first-pass-1' });
  await expect(toasts(page)).toContainText('Sign up successful! Please check your email for verification.');
  await expect(signUp.getByText(`We sent a verification link to ${email}`)).toBeVisible();

  // The mail's link lands on /auth and confirms the account on arrival.
  const link = await mailLink(email, since, 'Confirm your');
  expect(link).toMatch(/^\/auth\?action=confirm&/);
  await page.goto(link);
  await expect(main(page).getByText(`Your account ${email} is confirmed. You can now sign in.`)).toBeVisible();
  await expect(toasts(page)).toContainText('Your account is confirmed');
  await expect(page).toHaveURL(/\/auth$/);

  const signInForm = signInPanel(page);
  await expect(signInForm.getByLabel('Email')).toHaveValue(email);
  await signInForm.getByLabel('Password').fill('first-pass-1');
  await signInForm.getByRole('button', { name: 'Sign In' }).click();
  await expect(toasts(page)).toContainText('Login successful!');
  await expect(page).toHaveURL(`${stack.siteUrl}/`);
  await expectSignedIn(page);

  // Profile: e-mail, member since (today), the username chosen at sign-up.
  await header(page).getByRole('link', { name: 'My Profile' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  await expect(main(page).getByText(email)).toBeVisible();
  await expect(main(page).getByText(today())).toBeVisible();
  const username = main(page).getByLabel('Username');
  await expect(username).toHaveValue('Journey');

  await username.fill('Journey Renamed');
  await main(page).getByRole('button', { name: 'Update Profile' }).click();
  await expect(toasts(page)).toContainText('Profile updated successfully');
  await page.reload();
  await expect(main(page).getByLabel('Username')).toHaveValue('Journey Renamed');

  await main(page).getByLabel('Current password').fill('first-pass-1');
  await main(page).getByLabel('New password', { exact: true }).fill('second-pass-2');
  await main(page).getByLabel('Confirm new password').fill('second-pass-2');
  await main(page).getByRole('button', { name: 'Update Password' }).click();
  await expect(toasts(page)).toContainText('Password updated successfully');
  await expect(main(page).getByLabel('Current password')).toHaveValue('');

  // Sign Out on the profile page: a global sign-out, back to /.
  const refreshToken = await storedRefreshToken(page);
  await main(page).getByRole('button', { name: 'Sign Out' }).click();
  await expect(toasts(page)).toContainText('You have been logged out successfully');
  await expect(page).toHaveURL(`${stack.siteUrl}/`);
  await expectSignedOut(page);
  const client = cognitoClient();
  await expect(
    client.send(new GetTokensFromRefreshTokenCommand({ ClientId: stack.userPoolClientId, RefreshToken: refreshToken })),
  ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  client.destroy();

  // The old password no longer works; the new one does.
  await submitSignIn(page, email, 'first-pass-1');
  await expect(toasts(page)).toContainText('Invalid login credentials');
  await signInByForm(page, email, 'second-pass-2');
  // Home again: the header knows from our record of the stored session that it should load the account links.
  await page.reload();
  await expectSignedIn(page);

  // Sign Out from the header: Amplify removes its tokens, and with them our record.
  await header(page).getByRole('button', { name: 'Sign Out' }).click();
  await expect(toasts(page)).toContainText('You have been logged out successfully');
  await expectSignedOut(page);
  await expect.poll(() => sessionRecord(page)).toBeNull();
});

/** Our record of the keys Amplify holds in this browser (what the header reads before loading Amplify). */
function sessionRecord(page: Page): Promise<string | null> {
  return page.evaluate((key) => localStorage.getItem(key), SESSION_KEYS_STORAGE_KEY);
}

test('forgot password: mail, link, new password, sign in with it; the used link is then refused', async ({ page }) => {
  const user = await createConfirmedUser({ username: 'forgetful', password: 'old-pass-1' });
  await page.goto('/auth');
  await signInPanel(page).getByLabel('Email').fill(user.email);
  await signInPanel(page).getByRole('button', { name: 'Forgot Password?' }).click();

  const reset = page.getByRole('region', { name: 'Reset Password' });
  await expect(page.getByRole('tablist')).toHaveCount(0);
  await expect(reset.getByLabel('Email')).toHaveValue(user.email);
  await expect(reset.getByLabel('Email')).toBeFocused();
  const since = Date.now() - 1000;
  await reset.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(toasts(page)).toContainText('Password reset email sent. Check your inbox.');

  const link = await mailLink(user.email, since, 'Reset your');
  expect(link).toMatch(/^\/update-password#type=recovery&/);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
  await main(page).getByLabel('New password', { exact: true }).fill('new-pass-1');
  await main(page).getByLabel('Confirm new password').fill('new-pass-2');
  await main(page).getByRole('button', { name: 'Update Password' }).click();
  await expect(main(page).getByText("Passwords don't match")).toBeVisible();
  await main(page).getByLabel('Confirm new password').fill('new-pass-1');
  await main(page).getByRole('button', { name: 'Update Password' }).click();
  await expect(toasts(page)).toContainText('Password has been updated successfully');
  await expect(page).toHaveURL(/\/auth$/);

  await expect(signInPanel(page).getByLabel('Email')).toHaveValue(user.email);
  await signInByForm(page, user.email, 'new-pass-1');
  await header(page).getByRole('button', { name: 'Sign Out' }).click();
  await expectSignedOut(page);

  // The code is used up: the same link now gives a clear error.
  await page.goto('/');
  await page.goto(link);
  await main(page).getByLabel('New password', { exact: true }).fill('newer-pass-1');
  await main(page).getByLabel('Confirm new password').fill('newer-pass-1');
  await main(page).getByRole('button', { name: 'Update Password' }).click();
  await expect(toasts(page)).toContainText('Invalid or expired password reset link');
  await expect(main(page).getByText('This password reset link is invalid or has expired.')).toBeVisible();
});

test("'Back to Sign In' leaves the reset panel for the tabs", async ({ page }) => {
  await page.goto('/auth');
  await signInPanel(page).getByRole('button', { name: 'Forgot Password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
  await page.getByRole('button', { name: 'Back to Sign In' }).click();
  await expect(page.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Sign In' })).toBeFocused();
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toHaveCount(0);
});

test('a wrong password: the fallback message, still signed out', async ({ page }) => {
  const user = await createConfirmedUser();
  await submitSignIn(page, user.email, 'not-the-password');
  await expect(toasts(page).locator('[data-variant="destructive"]')).toContainText('Invalid login credentials');
  await expect(page).toHaveURL(/\/auth$/);
  await expectSignedOut(page);
  // An unknown address reads the same.
  await signInPanel(page).getByLabel('Email').fill(uniqueEmail('nobody'));
  await signInPanel(page).getByRole('button', { name: 'Sign In' }).click();
  await expect(toasts(page)).toContainText('Invalid login credentials');
});

test("after repeated wrong passwords, even the right one is refused with 'Invalid login credentials' until the lock passes", async ({ page }) => {
  const user = await createConfirmedUser();
  const stack = localStack();
  const client = cognitoClient();
  const attempt = (password: string) =>
    client
      .send(new InitiateAuthCommand({ ClientId: stack.userPoolClientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: user.email, PASSWORD: password } }))
      .then(
        () => 'ok',
        (e: Error) => e.message,
      );
  // Cognito's lockout (shared/deployment/manifest.ts userPool.lockout): 5 free failures, then 1 s, 2 s, 4 s...
  const { freeFailures, firstLockSeconds } = userPool.lockout;
  for (let i = 0; i < freeFailures; i++) expect(await attempt('wrong-password')).toBe('Incorrect username or password.');
  for (const lock of [1, 2]) {
    await page.waitForTimeout(lock * firstLockSeconds * 1000 + 200);
    expect(await attempt('wrong-password')).toBe('Incorrect username or password.');
  }
  client.destroy();
  // Locked for 4 s now: the right password through the form is refused with the spec's toast.
  await submitSignIn(page, user.email, user.password);
  await expect(toasts(page).locator('[data-variant="destructive"]')).toContainText('Invalid login credentials');
  await expect(page).toHaveURL(/\/auth$/);
  await expectSignedOut(page);
  // Once the lock has passed, it goes through.
  await page.waitForTimeout(4 * firstLockSeconds * 1000 + 300);
  await signInPanel(page).getByRole('button', { name: 'Sign In' }).click();
  await expect(toasts(page)).toContainText('Login successful!');
});

test("signing up with an e-mail that has an account shows the server's message", async ({ page }) => {
  const user = await createConfirmedUser();
  await submitSignUp(page, { username: 'Duplicate', email: user.email, password: 'secret-pass-1', confirm: 'secret-pass-1' });
  await expect(toasts(page).locator('[data-variant="destructive"]')).toContainText(/already exists/);
  await expect(toasts(page)).not.toContainText('Sign up successful!');
});

test('a weak password and the other form rules are named on the fields, and nothing is sent', async ({ page }) => {
  const email = uniqueEmail('weak');
  const since = Date.now() - 1000;
  const signUp = await submitSignUp(page, { username: 'ab', email, password: 'abc', confirm: 'abd' });
  await expect(signUp.getByText('Username must be at least 3 characters')).toBeVisible();
  await expect(signUp.getByText('Password must be at least 6 characters', { exact: true })).toBeVisible();
  await expect(signUp.getByText('Confirm password must be at least 6 characters')).toBeVisible();
  await expect(signUp.getByLabel('Password', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(signUp.getByLabel('Username')).toBeFocused();

  await signUp.getByLabel('Username').fill('abc');
  await signUp.getByLabel('Password', { exact: true }).fill('abcdef');
  await signUp.getByLabel('Confirm Password').fill('abcdeg');
  await signUp.getByRole('button', { name: 'Sign Up' }).click();
  await expect(signUp.getByText("Passwords don't match")).toBeVisible();
  await expect(signUp.getByText('Password must be at least 6 characters', { exact: true })).toHaveCount(0);

  // Sign-in has the same password rule.
  await page.getByRole('tab', { name: 'Sign In' }).click();
  await signInPanel(page).getByLabel('Email').fill(email);
  await signInPanel(page).getByLabel('Password').fill('12345');
  await signInPanel(page).getByRole('button', { name: 'Sign In' }).click();
  await expect(signInPanel(page).getByText('Password must be at least 6 characters', { exact: true })).toBeVisible();

  expect(await listMails({ to: email, since })).toHaveLength(0);
});

test('an unconfirmed account is told to confirm and can get a new link', async ({ page }) => {
  const stack = localStack();
  const email = uniqueEmail('unconfirmed');
  const client = cognitoClient();
  await client.send(
    new SignUpCommand({ ClientId: stack.userPoolClientId, Username: email, Password: 'secret-pass-1', UserAttributes: [{ Name: 'email', Value: email }, { Name: 'preferred_username', Value: 'tester' }] }),
  );
  client.destroy();
  await submitSignIn(page, email, 'secret-pass-1');
  await expect(toasts(page)).toContainText('Please confirm your e-mail address first');
  const since = Date.now() - 1000;
  await signInPanel(page).getByRole('button', { name: 'Resend verification e-mail' }).click();
  await expect(toasts(page)).toContainText('Verification e-mail sent');
  const link = await mailLink(email, since, 'Confirm your');
  await page.goto(link);
  await expect(main(page).getByText('is confirmed. You can now sign in.')).toBeVisible();
  await signInByForm(page, email, 'secret-pass-1');
});

test('a verification link opened twice says the account is already confirmed', async ({ page }) => {
  const email = uniqueEmail('twice');
  const since = Date.now() - 1000;
  const stack = localStack();
  const client = cognitoClient();
  await client.send(
    new SignUpCommand({ ClientId: stack.userPoolClientId, Username: email, Password: 'secret-pass-1', UserAttributes: [{ Name: 'email', Value: email }, { Name: 'preferred_username', Value: 'tester' }] }),
  );
  client.destroy();
  const link = await mailLink(email, since, 'Confirm your');
  await page.goto(link);
  await expect(main(page).getByText('is confirmed. You can now sign in.')).toBeVisible();
  await page.goto(link);
  await expect(toasts(page)).toContainText('Your account is already confirmed');
});

test('/profile sends a signed-out visitor to /auth', async ({ page }) => {
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('tab', { name: 'Sign In' })).toBeVisible();
});

test('a stored username with markup (from before the sign-up rule) is shown as text, never run, and cannot be saved again', async ({ page }) => {
  const user = await createConfirmedUser({ username: 'legacy' });
  await signInByForm(page, user.email, user.password);
  const stored = '<img src=x onerror="window.__pwned=1">';
  // The profile as an account from before the pre-sign-up trigger may hold it.
  await page.route('**/api/profile', async (route) => {
    if (route.request().method() !== 'GET') return route.continue();
    const response = await route.fetch();
    return route.fulfill({ response, json: { ...((await response.json()) as object), username: stored } });
  });
  await header(page).getByRole('link', { name: 'My Profile' }).click();
  await expect(main(page).getByLabel('Username')).toHaveValue(stored);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  await expect(main(page).locator('img[src="x"]')).toHaveCount(0);
  await main(page).getByRole('button', { name: 'Update Profile' }).click();
  await expect(main(page).getByText('Username must not contain HTML tags.')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
});

test("/profile shows 'Loading...' until the profile arrives, and 'Error loading profile' when it cannot", async ({ page }) => {
  const user = await createConfirmedUser({ username: 'slowpoke' });
  await signInByForm(page, user.email, user.password);
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/profile', async (route) => {
    await held;
    await route.continue();
  });
  await header(page).getByRole('link', { name: 'My Profile' }).click();
  await expect(main(page).getByText('Loading...')).toBeVisible();
  release();
  await expect(main(page).getByLabel('Username')).toHaveValue('slowpoke');
  await expect(main(page).getByText('Loading...')).toHaveCount(0);

  // A server that stays down: the read is retried 3 times (1 s, 2 s, 4 s; the page's clock is skipped ahead),
  // 'Loading...' meanwhile, then the error.
  await page.unroute('**/api/profile');
  let calls = 0;
  await page.route('**/api/profile', (route) => {
    calls += 1;
    return route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Service Unavailable"}' });
  });
  await page.clock.install();
  await page.reload();
  await expect(main(page).getByText('Loading...')).toBeVisible();
  await skipRetryWaits(page, toasts(page).getByText('Error loading profile'));
  await expect(main(page).getByText('Your profile could not be loaded.')).toBeVisible();
  expect(calls).toBe(4);
  await page.unroute('**/api/profile');
  await main(page).getByRole('button', { name: 'Try again' }).click();
  await expect(main(page).getByLabel('Username')).toHaveValue('slowpoke');
});

test('the profile survives a passing server failure, is remembered during the visit, and is never shown to the next user', async ({ page }) => {
  const ann = await createConfirmedUser({ username: 'annretry' });
  const bob = await createConfirmedUser({ username: 'bobnext' });
  await signInByForm(page, ann.email, ann.password);
  let reads = 0;
  let failuresLeft = 1;
  await page.route('**/api/profile', async (route) => {
    if (route.request().method() !== 'GET') return route.continue();
    reads += 1;
    if (failuresLeft > 0) {
      failuresLeft -= 1;
      return route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Service Unavailable"}' });
    }
    return route.continue();
  });

  // The first read fails (503); the retry 1 s later succeeds, and the visitor never sees an error.
  await header(page).getByRole('link', { name: 'My Profile' }).click();
  await expect(main(page).getByLabel('Username')).toHaveValue('annretry');
  await expect(toasts(page)).not.toContainText('Error loading profile');
  expect(reads).toBe(2);

  // Coming back later in the visit shows the profile from memory; a rename updates what is remembered.
  await main(page).getByRole('link', { name: 'Back to Home' }).click();
  await header(page).getByRole('link', { name: 'My Profile' }).click();
  await expect(main(page).getByLabel('Username')).toHaveValue('annretry');
  await main(page).getByLabel('Username').fill('Ann Renamed');
  await main(page).getByRole('button', { name: 'Update Profile' }).click();
  await expect(toasts(page)).toContainText('Profile updated successfully');
  await main(page).getByRole('link', { name: 'Back to Home' }).click();
  await header(page).getByRole('link', { name: 'My Profile' }).click();
  await expect(main(page).getByLabel('Username')).toHaveValue('Ann Renamed');
  expect(reads).toBe(2);

  // Sign out and sign in as someone else in the same tab (no reload): their own profile is read and shown.
  await header(page).getByRole('button', { name: 'Sign Out' }).click();
  await expect(toasts(page)).toContainText('You have been logged out successfully');
  await expectSignedOut(page);
  await header(page).getByRole('link', { name: 'Sign In' }).click();
  await signInPanel(page).getByLabel('Email').fill(bob.email);
  await signInPanel(page).getByLabel('Password').fill(bob.password);
  await signInPanel(page).getByRole('button', { name: 'Sign In' }).click();
  await expect(toasts(page)).toContainText('Login successful!');
  await expectSignedIn(page);
  await header(page).getByRole('link', { name: 'My Profile' }).click();
  await expect(main(page).getByLabel('Username')).toHaveValue('bobnext');
  expect(reads).toBe(3);
});

test('the password reset page without the recovery marker', async ({ page }) => {
  for (const path of ['/update-password', '/update-password#type=signup&email=a%40b.c&code=123456']) {
    await page.goto(path);
    await expect(toasts(page).locator('[data-variant="destructive"]')).toContainText('Invalid or expired password reset link');
    await expect(main(page).getByText('This password reset link is invalid or has expired.')).toBeVisible();
  }
  await main(page).getByRole('link', { name: 'Return to Login' }).click();
  await expect(page).toHaveURL(/\/auth$/);
});


/** A genuine pool-signed access token for the same user with one minute left: the next session check refreshes it. */
function nearlyExpiredAccessToken(stack: ReturnType<typeof localStack>, claims: Record<string, unknown>): string {
  return signJwt(
    accessClaims(
      { issuer: stack.issuer, clientId: stack.userPoolClientId, sub: String(claims.sub) },
      { username: claims.username, exp: Math.floor(Date.now() / 1000) + 60 },
    ),
    localPoolPrivateKey(),
  );
}

/** Puts `token` where Amplify keeps this browser's access token, then wakes the session check (tab shown again). */
async function replaceStoredAccessToken(page: Page, token: string): Promise<void> {
  await page.evaluate((value) => {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i) ?? '';
      if (key.startsWith('CognitoIdentityServiceProvider.') && key.endsWith('.accessToken')) localStorage.setItem(key, value);
    }
    document.dispatchEvent(new Event('visibilitychange'));
  }, token);
}

test('a session whose refresh is refused ends cleanly with a toast', async ({ page }) => {
  const stack = localStack();
  const user = await createConfirmedUser();
  await signInByForm(page, user.email, user.password);

  // The user signs out everywhere from another device: this browser's refresh token is revoked.
  const elsewhere = await signIn(user.email, user.password);
  const client = cognitoClient();
  await client.send(new GlobalSignOutCommand({ AccessToken: elsewhere.accessToken }));
  client.destroy();

  // This browser's access token is about to expire (a genuine pool-signed token with one minute left), so the
  // next session check refreshes it, and Cognito refuses.
  const current = decodeJwtPayload(elsewhere.accessToken);
  const nearlyExpired = nearlyExpiredAccessToken(stack, current);
  await replaceStoredAccessToken(page, nearlyExpired);

  await expect(toasts(page).locator('[data-variant="destructive"]')).toContainText('Your session has expired');
  await expectSignedOut(page);
  await expect.poll(() => sessionRecord(page)).toBeNull();
});

test('an access token about to expire is refreshed before it does; the visitor stays signed in', async ({ page }) => {
  const stack = localStack();
  const user = await createConfirmedUser({ username: 'refresher' });
  await signInByForm(page, user.email, user.password);
  const claims = decodeJwtPayload((await signIn(user.email, user.password)).accessToken);
  const nearlyExpired = nearlyExpiredAccessToken(stack, claims);
  const storedAccessToken = () =>
    page.evaluate(() => {
      for (let i = 0; i < localStorage.length; i++) {
        const key = localStorage.key(i) ?? '';
        if (key.startsWith('CognitoIdentityServiceProvider.') && key.endsWith('.accessToken')) return localStorage.getItem(key);
      }
      return null;
    });
  await replaceStoredAccessToken(page, nearlyExpired);

  // A fresh token from the pool replaces it (an hour of validity again), and the profile API accepts it.
  await expect
    .poll(async () => {
      const token = await storedAccessToken();
      return token && token !== nearlyExpired ? Number(decodeJwtPayload(token).exp) - Date.now() / 1000 : 0;
    })
    .toBeGreaterThan(50 * 60);
  await expectSignedIn(page);
  await header(page).getByRole('link', { name: 'My Profile' }).click();
  await expect(main(page).getByLabel('Username')).toHaveValue('refresher');
});

test('signing in works by keyboard alone', async ({ page }) => {
  const user = await createConfirmedUser();
  await page.goto('/auth');
  const signInTab = page.getByRole('tab', { name: 'Sign In' });
  await signInTab.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Sign Up' })).toBeFocused();
  await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowLeft');
  await expect(signInTab).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Tab');
  await expect(signInPanel(page).getByLabel('Email')).toBeFocused();
  await page.keyboard.type(user.email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(user.password);
  await page.keyboard.press('Enter');
  await expect(toasts(page)).toContainText('Login successful!');
  await expectSignedIn(page);
});

/**
 * A person asks what the site holds about them and to delete it: staff find it by address in /staff/people,
 * export it as one JSON file, and erase it on confirmation; afterwards nothing of it remains in the table, the
 * bucket, Cognito or a later export, and their purchase is kept for the bookkeeping without the e-mail, as is its
 * sale notice (the staff's mail of the sale, kept so that a replayed Stripe event is not mailed again).
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { cognitoClient, createConfirmedUser } from '../../helpers/cognito';
import { paidCheckout, recordPurchase } from '../../helpers/purchases';
import { localStack } from '../../helpers/local-stack';
import { storedSubmission } from '../../helpers/submissions';
import { objectKeys, objectText, pdf, submitDemo, submitIdea } from '../../integration/staff/support';
import { token } from '../lead-capture/support';
import { main, signInAsStaff, toasts } from './support';

test('staff export and erase a person’s data; nothing of it remains anywhere', async ({ page }) => {
  const t = token();
  const email = `pat-${t}@example.com`;
  await createConfirmedUser({ email, username: `pat_${t}` });
  const ids = [await submitDemo({ name: `Pat Person ${t}`, email }, [pdf(`pat ${t}`)]), await submitIdea({ fullName: `Pat Person ${t}`, email })];
  const sessionId = `cs_test_pat${t.replace(/\W/g, '')}`;
  await recordPurchase(paidCheckout(sessionId, email));

  await signInAsStaff(page);
  await page.goto('/staff');
  await main(page).getByRole('navigation', { name: 'Staff console' }).getByRole('link', { name: "A person's data" }).click();
  await main(page).getByLabel('E-mail address').fill(email);
  await main(page).getByRole('button', { name: 'Find' }).click();
  const held = main(page).getByRole('region', { name: `What we hold for ${email}` });
  await expect(held).toContainText('2 submissions, 1 file');
  await expect(held).toContainText(`Account “pat_${t}” (confirmed)`);
  await expect(held).toContainText(`Profile: username “pat_${t}”`);
  await expect(held.getByRole('heading', { name: '1 purchase (kept for bookkeeping, e-mail removed on erasure)' })).toBeVisible();
  await expect(held).toContainText('AI Customer Support Bot, $49.99');
  await expect(held.getByRole('heading', { name: '1 sale notice mailed to the staff (kept, e-mail removed on erasure)' })).toBeVisible();
  await expect(held).toContainText(`New sale: AI Customer Support Bot`);
  await expect(held).toContainText(`notice sale-${sessionId}`);

  const download = page.waitForEvent('download');
  await main(page).getByRole('button', { name: 'Export as JSON' }).click();
  const exported = JSON.parse(readFileSync(await (await download).path(), 'utf8')) as {
    email: string;
    submissions: { id: string }[];
    purchases: { sessionId: string; customerEmail: string }[];
    notices: { id: string; data: { customerEmail: string } }[];
    files: { data: string }[];
  };
  expect(exported.email).toBe(email);
  expect(exported.purchases).toEqual([expect.objectContaining({ sessionId, customerEmail: email })]);
  expect(exported.notices).toEqual([expect.objectContaining({ id: `sale-${sessionId}`, data: expect.objectContaining({ customerEmail: email }) })]);
  expect(exported.submissions.map((s) => s.id)).toEqual(ids);
  expect(Buffer.from(exported.files[0]!.data, 'base64').toString()).toBe(`%PDF-1.7\npat ${t}\n`);

  // A slip of the hand erases nothing.
  await main(page).getByLabel('Type the e-mail address again to confirm').fill('someone-else@example.com');
  await main(page).getByRole('button', { name: 'Erase everything' }).click();
  await expect(main(page).getByText('Type the e-mail address again to confirm the erasure.')).toBeVisible();
  expect(await storedSubmission(ids[0] as string)).toBeDefined();

  await main(page).getByLabel('Type the e-mail address again to confirm').fill(email);
  await main(page).getByRole('button', { name: 'Erase everything' }).click();
  await expect(toasts(page)).toContainText(`Everything held for ${email} was erased.`);
  const report = main(page).getByRole('region', { name: `Erased: ${email}` });
  await expect(report).toContainText('2 submissions, 1 file, the account and its profile');
  await expect(report).toContainText('1 purchase kept for bookkeeping with the e-mail removed; 1 sale notice kept with the e-mail removed');

  for (const id of ids) expect(await storedSubmission(id)).toBeUndefined();
  expect(await storedSubmission(`sale-${sessionId}`)).toMatchObject({ kind: 'saleNotice', data: { customerEmail: null }, erasedAt: expect.any(String) });
  const everything = (await Promise.all((await objectKeys('')).map(async (k) => `${k}\n${await objectText(k)}`))).join('\n');
  expect(everything).not.toContain(t);
  const cognito = cognitoClient();
  await expect(cognito.send(new AdminGetUserCommand({ UserPoolId: localStack().userPoolId, Username: email }))).rejects.toThrow(/not exist/i);
  cognito.destroy();

  // Later: the inbox, its export and a new search by address hold nothing of the person.
  await page.goto(`/staff/inbox?q=${t}`);
  await expect(main(page).getByText('No submissions match.')).toBeVisible();
  const csv = page.waitForEvent('download');
  await main(page).getByRole('button', { name: 'Export CSV' }).click();
  expect(readFileSync(await (await csv).path(), 'utf8')).not.toContain(t);
  await page.goto(`/staff/people?email=${encodeURIComponent(email)}`);
  await expect(main(page).getByText('Nothing: no submission, account, profile or purchase uses this address.')).toBeVisible();
});

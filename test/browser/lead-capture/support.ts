/** What the lead-capture browser tests share: filling the forms, files to attach, finding the mails. */
import { randomUUID } from 'node:crypto';
import { expect, type Locator, type Page } from '@playwright/test';
import { listMails, mailText, type Mail } from '../../helpers/mailbox';
import { localStack } from '../../helpers/local-stack';

/** Where the browser posts its direct uploads (the local S3's bucket URL). */
export function uploadsBucketUrl(): string {
  const stack = localStack();
  return `${stack.endpoints.s3.replace(/\/+$/, '')}/${stack.env.BUCKET_UPLOADS ?? 'agency-local-uploads'}`;
}

export const token = () => randomUUID().slice(0, 8);

export function recipients(): string[] {
  return (localStack().env.MAIL_TO ?? '').split(',').map((s) => s.trim()).filter(Boolean);
}

/** The one mail whose subject carries this run's token, once it has arrived. */
export async function mailWith(subjectToken: string): Promise<Mail> {
  let found: Mail[] = [];
  await expect
    .poll(async () => {
      found = (await listMails()).filter((m) => m.subject.includes(subjectToken));
      return found.length;
    }, { timeout: 15_000 })
    .toBe(1);
  return found[0]!;
}

export { mailText };

export const pdf = (name: string, size = 2048) => {
  const buffer = Buffer.alloc(size);
  Buffer.from('%PDF-1.7\n').copy(buffer);
  return { name, mimeType: 'application/pdf', buffer };
};
export const png = (name: string, size = 1024) => {
  const buffer = Buffer.alloc(size);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(buffer);
  return { name, mimeType: 'image/png', buffer };
};

export async function openDemoDialog(page: Page): Promise<{ dialog: Locator; opener: Locator }> {
  const opener = page.getByRole('button', { name: 'Book a Free Demo' }).first();
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Book a Free Demo' });
  await expect(dialog).toBeVisible();
  return { dialog, opener };
}

export async function fillDemo(dialog: Locator, t: string): Promise<void> {
  await dialog.getByLabel('Full Name').fill(`Dana Demo ${t}`);
  await dialog.getByLabel('Email', { exact: true }).fill('dana@example.com');
  await dialog.getByLabel('Phone Number').fill('+1 555 010 2030');
  await dialog.getByLabel('Company').fill(`Globex ${t}`);
  await dialog.getByLabel('Job Title').fill('Operations Lead');
  await dialog.getByLabel('Team Size').selectOption('51-200');
  await dialog.getByRole('checkbox', { name: 'Customer Support' }).check();
  await dialog.getByRole('checkbox', { name: 'Email Management' }).check();
  await dialog.getByLabel('Preferred Meeting Time').selectOption({ label: 'Morning (9 AM - 12 PM EST)' });
  await dialog.getByLabel('Tell us about your needs').fill('Our support inbox gets 500 mails a day; we want an agent to answer the easy ones.');
  await dialog.getByRole('checkbox', { name: /I agree/ }).check();
}

export async function fillContact(form: Locator, t: string): Promise<void> {
  await form.getByLabel('Name').fill(`Casey Contact ${t}`);
  await form.getByLabel('Email').fill('casey@example.com');
  await form.getByLabel('Phone').fill('(555) 123-9876');
  await form.getByLabel('Company').fill(`Hooli ${t}`);
  await form.getByLabel('Industry').selectOption('healthcare');
  await form.getByLabel('Team Size').selectOption('1-10');
  await form.getByLabel('Subject').fill(`Question ${t}`);
  await form.getByLabel('Message').fill('Can your agents book appointments for a small clinic?');
}

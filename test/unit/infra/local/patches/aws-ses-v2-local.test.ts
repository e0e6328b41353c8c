/**
 * The aws-ses-v2-local patch (infra/local/patches/aws-ses-v2-local.ts) on a real aws-ses-v2-local: mail put back
 * into its store is what its mailbox serves, and mail sent through SES is what the store holds. A failure names the
 * patch and the aws-ses-v2-local version.
 */
import type { Server } from 'node:http';
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import sesLocalModule from 'aws-ses-v2-local';
import { describe, expect, it } from 'vitest';
import { receivedMail, restoreMail, sesMailboxPatch } from '../../../../../infra/local/patches/aws-ses-v2-local';
import { noLongerFits, pinOf } from '../../../../helpers/patches';

// A CommonJS module with `exports.default`: Node's ESM loader hands over module.exports, Vite the function.
const sesLocal = ((sesLocalModule as unknown as { default?: typeof sesLocalModule }).default ?? sesLocalModule) as typeof sesLocalModule;

describe(`patch "${sesMailboxPatch.name}" of aws-ses-v2-local`, () => {
  it('is pinned to exactly the version installed', () => {
    const { pinned, installed } = pinOf(sesMailboxPatch);
    expect(pinned, noLongerFits(sesMailboxPatch, `package.json must pin it exactly; it says ${pinned}`)).toBe(installed);
  });

  it('serves the mail put back into its store, and keeps what SES sends there', { timeout: 30_000 }, async () => {
    const saved = [{ messageId: 'saved-1', subject: 'Your verification code', at: 1_700_000_000 }];
    restoreMail(saved);
    const server = (await sesLocal({ host: '127.0.0.1', port: 0 })) as Server;
    const { port } = server.address() as { port: number };
    const client = new SESv2Client({ endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', credentials: { accessKeyId: 'x', secretAccessKey: 'x' } });
    try {
      const served = (await (await fetch(`http://127.0.0.1:${port}/store`)).json()) as { emails: { messageId: string }[] };
      expect(served.emails.map((m) => m.messageId), noLongerFits(sesMailboxPatch, 'the mailbox does not serve the restored mail')).toEqual(['saved-1']);
      await client.send(
        new SendEmailCommand({
          FromEmailAddress: 'no-reply@example.com',
          Destination: { ToAddresses: ['ada@example.com'] },
          Content: { Simple: { Subject: { Data: 'Hello' }, Body: { Text: { Data: 'Hi' } } } },
        }),
      );
      expect(receivedMail().map((m) => m.subject), noLongerFits(sesMailboxPatch, 'sent mail is not in the store the patch reads')).toEqual(['Your verification code', 'Hello']);
    } finally {
      client.destroy();
      restoreMail([]);
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

/**
 * Notification mail through SES v2. Deployed: the stage's verified identity and configuration set; locally the
 * same call reaches the SES stand-in through AWS_ENDPOINT_URL_SESV2, whose mailbox shows what was sent.
 */
import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import type { MailMessage, MailSender } from '../domain/submissions/ports';
import { headerText } from '../domain/submissions/support-mail';
import { ses } from '../lib/ses';
import { setting } from '../lib/env';

/**
 * Every header value goes through the domain's one sanitiser again, whoever built the message: a CR or LF in a
 * visitor's text could otherwise inject headers. Cut only at RFC 5322's line limit (the domain shortens subjects).
 */
const header = (value: string) => headerText(value, 998);

export const sesMail: MailSender = {
  async send(message: MailMessage, signal?: AbortSignal) {
    const configurationSet = process.env.MAIL_CONFIGURATION_SET;
    // The abort signal cancels the HTTP request, so an attempt the engine gave up on does not send afterwards.
    await ses().send(
      new SendEmailCommand({
        FromEmailAddress: setting('MAIL_FROM'),
        Destination: { ToAddresses: [...message.to] },
        ...(message.replyTo ? { ReplyToAddresses: [header(message.replyTo)] } : {}),
        ...(configurationSet ? { ConfigurationSetName: configurationSet } : {}),
        Content: {
          Simple: {
            Subject: { Data: header(message.subject), Charset: 'UTF-8' },
            Body: {
              Text: { Data: message.text, Charset: 'UTF-8' },
              Html: { Data: message.html, Charset: 'UTF-8' },
            },
            ...(message.attachments.length > 0
              ? {
                  Attachments: message.attachments.map((a) => ({
                    FileName: header(a.name),
                    ContentType: a.type,
                    RawContent: a.content,
                    ContentDisposition: 'ATTACHMENT' as const,
                  })),
                }
              : {}),
          },
        },
      }),
      signal ? { abortSignal: signal } : {},
    );
  },
};

/** The support recipients from the MAIL_TO setting. */
export function supportRecipients(): string[] {
  return setting('MAIL_TO')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

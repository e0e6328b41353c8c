/**
 * Verification and reset codes are mailed through the local SES, so they land in the local mailbox. The
 * message is the CustomMessage trigger's, or Cognito's default when no trigger answers.
 */
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { localCredentials, localRegion } from '../lambda-env';
import { type CognitoContext, type Message, type MessageSender, type User } from '../patches/cognito-local';

/** Cognito's default verification message, used when no CustomMessage trigger answers. */
const defaultSubject = 'Your verification code';
const defaultMessage = 'Your verification code is {####}. ';

function htmlToText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h\d|li|tr)>/gi, '\n')
    .replace(/<a [^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/gi, '$2 ($1)')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export interface SesMailbox {
  /** The local SES endpoint. */
  url: string;
  /** The sender of every mail (the MAIL_FROM setting). */
  from: string;
}

export class SesMessageSender implements MessageSender {
  private readonly client: SESv2Client;

  constructor(
    private readonly ses: SesMailbox,
    private readonly quiet: boolean,
  ) {
    this.client = new SESv2Client({ endpoint: ses.url, region: localRegion, credentials: localCredentials });
  }

  async sendEmail(_ctx: CognitoContext, user: User, destination: string, message: Message): Promise<void> {
    const code = message.__code ?? '';
    // cognito-local substitutes only the first {####}; Cognito replaces every one.
    const fill = (s: string) => s.replaceAll('{####}', code).replaceAll('{username}', user.Username);
    const body = fill(message.emailMessage || defaultMessage);
    const subject = fill(message.emailSubject || defaultSubject);
    await this.client.send(
      new SendEmailCommand({
        FromEmailAddress: this.ses.from,
        Destination: { ToAddresses: [destination] },
        Content: {
          Simple: {
            Subject: { Data: subject, Charset: 'UTF-8' },
            Body: { Html: { Data: body, Charset: 'UTF-8' }, Text: { Data: htmlToText(body), Charset: 'UTF-8' } },
          },
        },
      }),
    );
  }

  async sendSms(_ctx: CognitoContext, user: User, destination: string, message: Message): Promise<void> {
    if (!this.quiet) console.log(`[cognito] SMS to ${destination} (${user.Username}): code ${message.__code}`);
  }

  stop(): void {
    this.client.destroy();
  }
}

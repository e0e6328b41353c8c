// Floor part of `npm run bench:lambdas` for @aws-sdk/client-sesv2: sending one mail.
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';

const ses = new SESv2Client({});
export const use = (text: string) =>
  ses.send(new SendEmailCommand({ Destination: { ToAddresses: ['a@example.com'] }, Content: { Simple: { Subject: { Data: 's' }, Body: { Text: { Data: text } } } } }));

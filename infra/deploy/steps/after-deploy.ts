/**
 * The steps of the deploy preflight after the deploy: they cannot be checked offline, so each comes with the command
 * that shows whether it is done (infra/deploy/check.ts prints them in order).
 */
import { resourceName } from '@shared/deployment/manifest';
import { handledStripeEvents } from '../../../lambdas/domain/purchases/stripe-events';
import { alarmArnPattern } from '../../constructs/operations';
import { parseMailbox } from '../../stages';
import { output, type CheckStep, type StepContext } from './context';

/** Alarm mail: the SNS subscription confirmed, and one alarm fired to prove the path. */
export function alarmStep({ stage, s }: StepContext): CheckStep {
  const topicArn = `arn:aws:sns:${stage.region}:${stage.account}:${resourceName(s, 'alarms')}`;
  return {
    title: 'Alarm mail',
    after: true,
    items: [
      {
        status: 'todo',
        text: `confirm the subscription mail SNS sends to ${stage.alarmEmail} (until then it is PendingConfirmation and no alarm reaches anyone), then fire one alarm to prove the path: its mail must arrive within a minute. The topic lets only alarms ${alarmArnPattern(stage)} publish`,
        commands: [
          `aws sns list-subscriptions-by-topic --topic-arn ${topicArn} --query "Subscriptions[].SubscriptionArn"`,
          `aws cloudwatch set-alarm-state --alarm-name ${resourceName(s, 'api-5xx')} --state-value ALARM --state-reason "testing the alarm path"`,
        ],
      },
    ],
  };
}

/** SES identity and DKIM. */
export function sesStep({ stage, stack }: StepContext): CheckStep {
  const isDomain = !stage.mail.identity.includes('@');
  const zoneCoversMail = isDomain && stage.site?.hostedZone?.name === stage.mail.identity;
  return {
    title: 'SES identity and DKIM',
    after: true,
    items: [
      isDomain
        ? zoneCoversMail
          ? { status: 'ready', text: `the stateful stack adds the DKIM records of ${stage.mail.identity} to its Route 53 zone` }
          : {
              status: 'todo',
              text: `add the three DKIM CNAME records of ${stage.mail.identity} to its DNS (outputs DkimRecord1..3 of ${stack('stateful')}), each as <token>._domainkey.${stage.mail.identity} CNAME <token>.dkim.amazonses.com`,
              commands: [`aws sesv2 get-email-identity --email-identity ${stage.mail.identity} --query "DkimAttributes.Tokens"`],
            }
        : { status: 'todo', text: `click the verification link SES mails to ${stage.mail.identity}` },
      {
        status: 'todo',
        text: `wait until SES shows ${stage.mail.identity} as verified (true); mail from ${parseMailbox(stage.mail.from).address} is refused until then`,
        commands: [`aws sesv2 get-email-identity --email-identity ${stage.mail.identity} --query VerifiedForSendingStatus`],
      },
    ],
  };
}

/** SES sandbox and the Cognito mailer. */
export function sandboxStep({ stage, s, where, deployCommand, siteUrl }: StepContext): CheckStep {
  return {
    title: 'SES sandbox and the Cognito mailer',
    after: true,
    items: [
      {
        status: 'todo',
        text: `a new account is in the SES sandbox (mail only to verified addresses, 200 a day): request production access; until then verify ${stage.mail.to.join(' and ')} to test`,
        commands: [
          'aws sesv2 get-account --query ProductionAccessEnabled',
          `aws sesv2 put-account-details --production-access-enabled --mail-type TRANSACTIONAL --website-url ${siteUrl} --use-case-description "Notifications of the site's forms to our support staff, and account mails to users who sign up" --contact-language EN`,
        ],
      },
      stage.mail.cognitoSendsWithSes
        ? {
            status: 'todo',
            text: `mail.cognitoSendsWithSes is true: Cognito refuses an unverified sender, and in the sandbox its mails reach only verified addresses. Deploy this only once both commands above answer true; a first deploy keeps it false`,
            commands: [`aws sesv2 get-email-identity --email-identity ${stage.mail.identity} --query VerifiedForSendingStatus`, 'aws sesv2 get-account --query ProductionAccessEnabled'],
          }
        : {
            status: 'todo',
            text: `Cognito keeps its own mailer (50 mails a day, from no-reply@verificationemail.com) while mail.cognitoSendsWithSes is false. Once the identity is verified and the account out of the sandbox (both commands above answer true), set it to true in ${where} and deploy again`,
            commands: [`AWS_PROFILE=agency-${s} ${deployCommand}`],
          },
      stage.mail.sandbox
        ? {
            status: 'todo',
            text: `mail.sandbox is true: no confirmation goes to visitors (SES would refuse every address it has not verified, and each would retry for hours). Once production access is granted (the first command above answers true), set it to false in ${where} and deploy again`,
            commands: [`AWS_PROFILE=agency-${s} ${deployCommand}`],
          }
        : {
            status: 'todo',
            text: 'mail.sandbox is false: visitors get their confirmation. Make sure the account is out of the sandbox, or every confirmation fails',
            commands: ['aws sesv2 get-account --query ProductionAccessEnabled'],
          },
    ],
  };
}

/** Stripe keys and webhook endpoint, and the Dashboard's settings no API sets. */
export function stripeStep({ stage, s, stack, where, deployCommand, siteUrl, siteUrlText }: StepContext): CheckStep {
  const events = handledStripeEvents.join(',');
  return {
    title: 'Stripe keys and webhook endpoint',
    after: true,
    items: [
      {
        status: 'todo',
        text: `register the endpoint ${siteUrlText}/api/stripe-webhook for the ${handledStripeEvents.length} events the site acts on (purchases, refunds, lost disputes, cancellations, renewals; an event left out is a purchase state the site never learns), then store the secret key and the endpoint's signing secret (Buy Now answers the fallback checkout until then). The second command shows the events an existing endpoint sends`,
        commands: [
          `stripe webhook_endpoints create --url ${siteUrl}/api/stripe-webhook --enabled-events ${events}`,
          'stripe webhook_endpoints list',
          `SECRET=${output(stack('stateful'), 'StripeSecretName')}`,
          `aws secretsmanager put-secret-value --secret-id "$SECRET" --secret-string '{"STRIPE_SECRET_KEY":"sk_live_...","STRIPE_WEBHOOK_SECRET":"whsec_..."}'`,
        ],
      },
      {
        status: 'todo',
        text: 'in the Stripe Dashboard (test and live mode each; no API sets them): Settings, Customer emails: turn on Successful payments and Refunds, so buyers get their receipts (one-time purchases with their invoice); Settings, Billing, Subscriptions and emails: send finalized invoices and the failed-payment mails; Settings, Billing, Customer portal: activate it with payment methods, invoice history and cancellation, returning to /profile (the command shows whether an active portal configuration exists)',
        commands: ['stripe billing_portal configurations list --active=true'],
      },
      stage.billing.portalLoginUrl
        ? { status: 'ready', text: `the Services page links the customer portal's login page ${stage.billing.portalLoginUrl} for subscribers who are not signed in` }
        : {
            status: 'todo',
            text: `turn on the customer portal's login link (Settings, Billing, Customer portal) and set billing.portalLoginUrl of ${where} to it, then deploy again: until then the Services page offers subscribers who are not signed in no way to manage their billing (signed in, My Profile's Manage billing works regardless)`,
            commands: [`AWS_PROFILE=agency-${s} ${deployCommand}`],
          },
    ],
  };
}

/** Receivers' signing key. */
export function signingStep({ stage, stack }: StepContext): CheckStep {
  return {
    title: "Receivers' signing key",
    after: true,
    items: [
      {
        status: 'todo',
        text: `give the receivers of ${stage.webhooks.testUrl} and ${stage.webhooks.prodUrl}${stage.webhooks.promptUrl ? ` and ${stage.webhooks.promptUrl}` : ''} the WEBHOOK_SIGNING_SECRET the first deploy generated, so they can verify every call (docs/deploy.md: Verifying a webhook call)`,
        commands: [`aws secretsmanager get-secret-value --secret-id ${output(stack('stateful'), 'WebhookSigningSecretName')} --query SecretString --output text`],
      },
    ],
  };
}

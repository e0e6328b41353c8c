/**
 * A stage as an operator fills it in for a real deploy: their own account, a domain they own, real recipients and
 * webhook receivers. No placeholder is left, so the deploy path (npm run deploy:check) accepts it.
 */
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { agencyStage, type StageConfig, type StageSettings } from '../../infra/stages';
import { publishedRetention } from '@shared/content/retention';

export const realisticAccount = '403958261174';

export function realisticStage(name = 'prod', overrides: Partial<StageSettings> = {}): StageConfig {
  return agencyStage(name, {
    account: realisticAccount,
    protectData: true,
    alarmEmail: 'ops@northwind-automation.com',
    overdueLeadsAlarm: 2,
    mail: {
      identity: 'northwind-automation.com',
      from: 'Northwind Automation <no-reply@northwind-automation.com>',
      to: ['sales@northwind-automation.com', 'support@northwind-automation.com'],
      cognitoSendsWithSes: false,
      // Out of the sandbox: production access granted.
      sandbox: false,
      visitorCaps: { perHour: 100, perDay: 500, perDomainPerHour: 20, perDomainPerDay: 100 },
    },
    webhooks: {
      testUrl: 'https://hooks.northwind-automation.com/ideas/test',
      prodUrl: 'https://hooks.northwind-automation.com/ideas/prod',
      promptUrl: '',
    },
    sellsPrompts: true,
    billing: { portalLoginUrl: 'https://billing.stripe.com/p/login/7sI5lQ0Jf2zR8gE9AA' },
    threatProtection: 'enforced',
    logRetention: RetentionDays.ONE_YEAR,
    waf: { writeRequestsPer5MinPerIp: 100, readRequestsPer5MinPerIp: 300, stripeWebhookRequestsPer5MinPerIp: 300 },
    retention: publishedRetention,
    sourceMapStackTraces: false,
    ...overrides,
  });
}

/**
 * The cost script reads what it prices from the templates: a stage with one more alarm, one more WAF rule or a
 * schedule that runs twice as often costs what that adds, and nothing is priced that the templates do not hold.
 */
import { describe, expect, it } from 'vitest';
import { resourceName } from '@shared/deployment/manifest';
import { stageCost, type StageTemplates } from '../../../../infra/deploy/cost';
import { prices } from '../../../../infra/deploy/prices';
import { realisticStage } from '../../../helpers/realistic-stage';

const stage = realisticStage('prod');
const fn = (name: string, memory: number, traced = true) => ({
  Type: 'AWS::Lambda::Function',
  Properties: { FunctionName: resourceName('prod', name), MemorySize: memory, Architectures: ['arm64'], ...(traced ? { TracingConfig: { Mode: 'Active' } } : {}) },
});

function templates(options: { alarms: number; wafRules: number; everyMinutes: number }): StageTemplates {
  return {
    edge: { Resources: { Acl: { Type: 'AWS::WAFv2::WebACL', Properties: { Rules: Array.from({ length: options.wafRules }, (_, i) => ({ Name: `r${i}` })) } }, Origin: { Type: 'AWS::SecretsManager::Secret' } } },
    stateful: { Resources: { Stripe: { Type: 'AWS::SecretsManager::Secret' }, Signing: { Type: 'AWS::SecretsManager::Secret' } } },
    stateless: {
      Resources: {
        Key: { Type: 'AWS::KMS::Key' },
        ...Object.fromEntries(Array.from({ length: options.alarms }, (_, i) => [`Alarm${i}`, { Type: 'AWS::CloudWatch::Alarm' }])),
        Retry: fn('deliveryRetry', 512),
        Schedule: { Type: 'AWS::Scheduler::Schedule', Properties: { ScheduleExpression: `rate(${options.everyMinutes} minute${options.everyMinutes > 1 ? 's' : ''})`, Target: { Arn: { 'Fn::GetAtt': ['Retry', 'Arn'] } } } },
        Demo: fn('demoRequests', 512),
        Contact: fn('contactMessages', 256),
        Ideas: fn('ideas', 512),
        Delivery: fn('submissionDelivery', 512),
        Uploads: fn('uploads', 256),
      },
    },
  };
}

const line = (cost: ReturnType<typeof stageCost>, item: string) => cost.idle.find((l) => l.item === item)!;

describe('the cost of a stage, from its templates', () => {
  const base = stageCost(templates({ alarms: 30, wafRules: 2, everyMinutes: 1 }), stage);

  it('prices the fixed fees of an idle stage from what the templates hold', () => {
    expect(line(base, 'AWS WAF web ACL').usd).toBeCloseTo(prices.wafWebAclMonth + 2 * prices.wafRuleMonth, 6);
    expect(line(base, 'CloudWatch alarms').usd).toBeCloseTo(30 * prices.alarmMonth, 6);
    expect(line(base, 'Secrets Manager').usd).toBeCloseTo(3 * prices.secretMonth, 6);
    expect(line(base, 'KMS key (alarm topic)').usd).toBeCloseTo(prices.kmsKeyMonth, 6);
    expect(line(base, 'Delivery retry schedule').basis).toContain('43,830 runs a month');
    expect(base.idleMonthly).toBeCloseTo(base.idle.reduce((t, l) => t + l.usd, 0), 9);
  });

  it('follows the templates when resources change', () => {
    const more = stageCost(templates({ alarms: 31, wafRules: 3, everyMinutes: 1 }), stage);
    expect(more.idleMonthly - base.idleMonthly).toBeCloseTo(prices.alarmMonth + prices.wafRuleMonth, 6);
    const lessOften = stageCost(templates({ alarms: 30, wafRules: 2, everyMinutes: 2 }), stage);
    expect(line(lessOften, 'Delivery retry schedule').usd).toBeCloseTo(line(base, 'Delivery retry schedule').usd / 2, 6);
  });

  it('prices each submission by the functions that serve it and the mail it sends', () => {
    const [demo, contact, idea] = base.loads;
    // The support mail to its two recipients, and the visitor's confirmation.
    expect(demo!.lines.find((l) => l.item === 'SES')!.usd).toBeCloseTo(3 * prices.sesPer1000, 6);
    // contactMessages has half the memory of demoRequests: its accepting run costs less.
    expect(contact!.per1000).toBeLessThan(demo!.per1000);
    expect(idea!.lines.map((l) => l.item)).toContain('S3 (files)');
    const oneRecipient = stageCost(templates({ alarms: 30, wafRules: 2, everyMinutes: 1 }), { ...stage, mail: { ...stage.mail, to: ['sales@northwind-automation.com'] } });
    expect(demo!.per1000 - oneRecipient.loads[0]!.per1000).toBeCloseTo(prices.sesPer1000, 6);
  });

  it('prices accounts by the user pool’s plan in the template', () => {
    expect(base.perActiveUser.usd).toBe(prices.cognitoEssentialsMau);
    const t = templates({ alarms: 1, wafRules: 1, everyMinutes: 1 });
    (t.stateful.Resources as Record<string, unknown>).Pool = { Type: 'AWS::Cognito::UserPool', Properties: { UserPoolTier: 'PLUS' } };
    expect(stageCost(t, stage).perActiveUser.usd).toBe(prices.cognitoPlusMau);
  });

  it('refuses what it cannot price rather than guess', () => {
    const t = templates({ alarms: 1, wafRules: 1, everyMinutes: 1 });
    (t.stateless.Resources.Schedule!.Properties as Record<string, unknown>).ScheduleExpression = 'cron(0 * * * ? *)';
    expect(() => stageCost(t, stage)).toThrow(/rate\(N minutes\)/);
  });
});

/**
 * A stage's settings are the stage's, and the deploy path refuses one that still holds a placeholder.
 */
import { describe, expect, it } from 'vitest';
import { agencyStage, checkStage, placeholdersOf, stageConfig, stageSettings, stages } from '../../../infra/stages';
import { realisticAccount, realisticStage } from '../../helpers/realistic-stage';

describe('stage settings', () => {
  it('every stage sets its own mail and webhooks', () => {
    const qa = realisticStage('qa', {
      mail: { identity: 'qa@northwind-automation.com', from: 'QA <qa@northwind-automation.com>', to: ['qa-leads@northwind-automation.com'], cognitoSendsWithSes: true, sandbox: false, visitorCaps: { perHour: 1, perDay: 2, perDomainPerHour: 1, perDomainPerDay: 2 } },
      webhooks: { testUrl: 'https://qa-hooks.northwind-automation.com/t', prodUrl: 'https://qa-hooks.northwind-automation.com/p', promptUrl: 'https://qa-hooks.northwind-automation.com/prompt' },
    });
    expect(qa.mail).toEqual({ identity: 'qa@northwind-automation.com', from: 'QA <qa@northwind-automation.com>', to: ['qa-leads@northwind-automation.com'], cognitoSendsWithSes: true, sandbox: false, visitorCaps: { perHour: 1, perDay: 2, perDomainPerHour: 1, perDomainPerDay: 2 } });
    expect(qa.webhooks.promptUrl).toBe('https://qa-hooks.northwind-automation.com/prompt');
    // The repository's two stages do not share one hard-coded sender or webhook path.
    expect(stages.dev!.mail.from).not.toBe(stages.prod!.mail.from);
    expect(stages.dev!.webhooks.testUrl).not.toBe(stages.prod!.webhooks.testUrl);
  });

  it('takes the account and region from the environment when set', () => {
    process.env.AGENCY_QA_ACCOUNT = '987654321098';
    try {
      expect(realisticStage('qa').account).toBe('987654321098');
      expect(realisticStage('qa').region).toBe('us-east-1');
    } finally {
      delete process.env.AGENCY_QA_ACCOUNT;
    }
  });
});

describe('placeholders (refused by the deploy path, accepted by the offline synth)', () => {
  it('finds every placeholder the repository’s prod stage still holds', () => {
    const found = placeholdersOf(stageConfig('prod'));
    expect(found.map((p) => p.setting).sort()).toEqual(
      ['account', 'alarmEmail', 'mail.from', 'mail.identity', 'mail.to[0]', 'mail.to[1]', 'webhooks.prodUrl', 'webhooks.testUrl'].sort(),
    );
    expect(found.find((p) => p.setting === 'mail.identity')?.why).toMatch(/SES can never verify/);
    expect(found.find((p) => p.setting === 'account')?.value).toBe('222222222222');
  });

  it('accepts a stage filled in with real settings', () => {
    expect(placeholdersOf(realisticStage())).toEqual([]);
    expect(realisticStage().account).toBe(realisticAccount);
  });

  it('refuses reserved domains in any form, documentation accounts and an unfinished certificate ARN', () => {
    const cases: [Parameters<typeof realisticStage>[1], string][] = [
      [{ account: '123456789012' }, 'account'],
      [{ account: '4039582611' }, 'account'],
      [{ alarmEmail: 'ops@corp.example.com' }, 'alarmEmail'],
      [{ alarmEmail: 'ops@example.org' }, 'alarmEmail'],
      [{ webhooks: { testUrl: 'https://hooks.test/t', prodUrl: 'https://hooks.northwind-automation.com/p', promptUrl: '' } }, 'webhooks.testUrl'],
      [{ webhooks: { testUrl: 'https://hooks.northwind-automation.com/t', prodUrl: 'https://hooks.northwind-automation.com/p', promptUrl: 'http://localhost:4000/prompt' } }, 'webhooks.promptUrl'],
      [{ site: { domainName: 'www.northwind-automation.com', certificateArn: 'arn:aws:acm:us-east-1:403958261174:certificate/...' } }, 'site.certificateArn'],
      [{ site: { domainName: 'www.cadence-ai.example', certificateArn: 'arn:aws:acm:us-east-1:403958261174:certificate/0f0c7a3e-2b1d-4c55-9a51-1d0e6c1b2a77' } }, 'site.domainName'],
    ];
    for (const [overrides, setting] of cases) {
      expect(placeholdersOf(realisticStage('prod', overrides)).map((p) => p.setting), JSON.stringify(overrides)).toEqual([setting]);
    }
    expect(placeholdersOf(agencyStage('x', { ...realisticStage(), mail: { ...realisticStage().mail, to: ['a@northwind-automation.com', 'b@mail.invalid'] } })).map((p) => p.setting)).toEqual(['mail.to[1]']);
  });

  it("books demos in the stage's one agency zone, and refuses booking hours that are no availability", () => {
    const berlin = realisticStage('prod', { timeZone: 'Europe/Berlin' });
    const defaults = JSON.parse(stageSettings(berlin, 'https://x.example').BOOKING_DEFAULTS!) as { timeZone: string; demoMinutes: number };
    expect(defaults).toMatchObject({ timeZone: 'Europe/Berlin', demoMinutes: 45 });
    expect(() => checkStage(realisticStage('prod', { booking: { ...berlin.booking, demoMinutes: 0 } }))).toThrow(/booking is not a valid availability/);
  });

  it("refuses a time zone that is not one and an overdue-leads threshold below zero", () => {
    expect(realisticStage().timeZone).toBe('America/New_York');
    expect(() => checkStage(realisticStage('prod', { timeZone: 'Europe/Berlin' }))).not.toThrow();
    expect(() => checkStage(realisticStage('prod', { timeZone: 'EST5EDT-ish' }))).toThrow(/timeZone must be an IANA time zone/);
    expect(() => checkStage(realisticStage('prod', { overdueLeadsAlarm: -1 }))).toThrow(/overdueLeadsAlarm/);
    expect(() => checkStage(realisticStage('prod', { overdueLeadsAlarm: 1.5 }))).toThrow(/overdueLeadsAlarm/);
  });
});

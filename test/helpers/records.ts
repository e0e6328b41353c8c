/**
 * One builder per record the tests send, store or read back: each answers a valid record (it passes its schema in
 * shared/contract/schemas) and takes overrides for what a test is about, e.g. `demoRequest({ email })`. A test
 * states only the fields it looks at; a field added to a form is added here once.
 */
import type { CustomMessageTriggerEvent, PostConfirmationTriggerEvent } from 'aws-lambda';
import type { ContactMessage } from '@shared/contract/schemas/contact-message';
import type { DemoRequest, DemoRequestFields } from '@shared/contract/schemas/demo-request';
import type { IdeaFields, IdeaRequest } from '@shared/contract/schemas/idea';
import type { Purchase } from '../../lambdas/domain/purchases/record';
import type { SubmissionRecord } from '../../lambdas/domain/submissions/record';

/** The Book-a-Free-Demo form's body (POST /api/demo-requests); with `files`, the request as its handler parses it. */
export function demoRequest(overrides?: Partial<DemoRequestFields>): DemoRequestFields;
export function demoRequest(overrides: Partial<DemoRequest> & Pick<DemoRequest, 'files'>): DemoRequest;
export function demoRequest(overrides: Partial<DemoRequest> = {}): DemoRequestFields | DemoRequest {
  return {
    name: 'Ann Lee',
    email: 'ann.lee@example.com',
    phone: '+1 555 123 4567',
    company: 'Acme',
    jobTitle: 'Head of Sales',
    teamSize: '11-50',
    interests: ['sdr', 'support'],
    message: 'We get 300 inbound leads a week and want an SDR agent to qualify them.',
    preferredTime: 'afternoon',
    consent: true,
    ...overrides,
  };
}

/** The contact form's body (POST /api/contact-messages). */
export function contactMessage(overrides: Partial<ContactMessage> = {}): ContactMessage {
  return {
    name: 'Bo Chen',
    email: 'bo.chen@example.com',
    phone: '(555) 987-6543',
    company: 'Initech',
    industry: 'retail',
    teamSize: '51-200',
    subject: 'Pricing question',
    message: 'How much would a customer support agent cost for a team of our size?',
    newsletter: true,
    ...overrides,
  };
}

/** The Idea Hub form's body (POST /api/ideas); with `files`, the request as its handler parses it. */
export function idea(overrides?: Partial<IdeaFields>): IdeaFields;
export function idea(overrides: Partial<IdeaRequest> & Pick<IdeaRequest, 'files'>): IdeaRequest;
export function idea(overrides: Partial<IdeaRequest> = {}): IdeaFields | IdeaRequest {
  return {
    title: 'Shift planner',
    description: 'An assistant that plans the weekly shifts of a small clinic from staff wishes and rules.',
    targetUsers: 'Clinic managers and their staff',
    businessType: 'Healthcare',
    budget: '$10,000 - $25,000',
    fullName: 'Ada Lovelace',
    email: 'ada@example.com',
    phone: '+44 20 7946 0958',
    ...overrides,
  };
}

/** A stored submission (the `submissions` table's row) of `kind` with `data`, stored and not yet delivered. */
export function submissionRecord<D>(overrides: Partial<SubmissionRecord<D>> & { data: D }): SubmissionRecord<D> {
  return {
    id: '7d3c1c52-2a47-4f36-9a53-8d1c0ef1a001',
    kind: 'demoRequest',
    createdAt: '2026-11-22T10:00:00.000Z',
    files: [],
    deliveries: {},
    version: 1,
    ...overrides,
  };
}

/** A purchase Stripe's webhook recorded (the `purchases` table's row). */
export function purchase(overrides: Partial<Purchase> = {}): Purchase {
  return {
    sessionId: 'cs_test_1',
    appId: 'ai-system-prompt-generator',
    type: 'marketplace',
    amountTotal: 4999,
    currency: 'usd',
    customerEmail: 'buyer@example.com',
    eventId: 'evt_1',
    livemode: false,
    occurredAt: 1_795_341_600,
    createdAt: '2026-11-22T10:00:00.000Z',
    status: 'paid',
    ...overrides,
  };
}

/** What Cognito hands every trigger, for a user of the pool with these attributes. */
function triggerEvent(userAttributes: Record<string, string>) {
  return {
    version: '1',
    region: 'us-east-1',
    userPoolId: 'us-east-1_pool',
    userName: userAttributes.sub ?? 'c0ffee00-0000-4000-8000-000000000001',
    callerContext: { awsSdkVersion: '3', clientId: 'client' },
  };
}

/** Cognito's custom-message trigger event (the mail it is about to send), placeholders as Cognito passes them. */
export function customMessageEvent(
  triggerSource: CustomMessageTriggerEvent['triggerSource'],
  userAttributes: Record<string, string>,
): CustomMessageTriggerEvent {
  return {
    ...triggerEvent(userAttributes),
    triggerSource,
    request: { userAttributes, codeParameter: '{####}', usernameParameter: '{username}', linkParameter: '{##Click Here##}' },
    response: { smsMessage: null, emailMessage: null, emailSubject: null },
  } as CustomMessageTriggerEvent;
}

/** Cognito's post-confirmation trigger event (a confirmed sign-up or password reset). */
export function postConfirmationEvent(
  triggerSource: PostConfirmationTriggerEvent['triggerSource'],
  userAttributes: Record<string, string>,
): PostConfirmationTriggerEvent {
  return { ...triggerEvent(userAttributes), triggerSource, request: { userAttributes }, response: {} };
}

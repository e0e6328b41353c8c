/**
 * Sample answers of the prompt studio's three forms (issue 40), for the writer's tests, the API's and
 * `npm run bench:prompts`: a whole, realistic set of answers per app, and the first app's for any field and
 * business type (its business-type questions answered).
 */
import { businessQuestions } from '@shared/content/prompt-studio/questions';
import type { AgentAnswers } from '@shared/contract/schemas/prompt-studio/agent-answers';
import type { ContentAnswers } from '@shared/contract/schemas/prompt-studio/content-answers';
import type { SupportAnswers } from '@shared/contract/schemas/prompt-studio/support-answers';
import type { BusinessTypeId } from '@shared/content/catalogue';

export function agentAnswers(choice: { fieldId?: string; subcategoryId?: string; productId?: string } = {}, overrides: Partial<AgentAnswers> = {}): AgentAnswers {
  const subcategoryId = (choice.subcategoryId ?? 'dentistry-offices') as BusinessTypeId;
  return {
    appId: 'ai-system-prompt-generator',
    fieldId: (choice.fieldId ?? 'customer-support') as AgentAnswers['fieldId'],
    subcategoryId,
    productId: choice.productId ?? (choice.subcategoryId === undefined ? 'appointment-reminder-bot' : ''),
    business: { name: 'Bright Smile Dental', website: 'brightsmile.example', location: '12 Elm Street, Springfield', hours: 'Mon-Fri 8 am - 6 pm\nSat 9 am - 1 pm' },
    offerings: [
      { name: 'Check-up and cleaning', price: '$95', details: 'about 45 minutes' },
      { name: 'Teeth whitening', price: '$350', details: '' },
    ],
    policies: { cancellation: 'Cancel at least 24 hours ahead, or a $40 fee applies.', refunds: 'Prepaid treatments are refunded within 14 days.', payment: 'Cards, cash and CareCredit; payment is due at the visit.' },
    specifics: Object.fromEntries((businessQuestions[subcategoryId] ?? []).map((q, i) => [q.id, `Answer ${i + 1} for ${q.id}: ${q.hint}`])),
    handover: { who: 'Maria at the front desk', channel: 'a phone call back', hours: 'weekdays 8 am - 6 pm' },
    languages: ['English', 'Spanish'],
    channels: ['chat', 'sms'],
    dos: ['Offer the next free slot when a time is taken'],
    donts: ['Discuss treatment prices of other practices'],
    tone: { preset: 'default', notes: 'Call patients by their first name.', readingLevel: 'standard', emoji: 'few' },
    ...overrides,
  };
}

export function contentAnswers(overrides: Partial<ContentAnswers> = {}): ContentAnswers {
  return {
    appId: 'ai-content-generator',
    brand: { name: 'Northwind Coffee', about: 'A small-batch coffee roaster with two cafés.' },
    audience: 'Home baristas aged 25-45 who care where their beans come from.',
    channels: ['social', 'newsletter'],
    voice: 'Curious, down to earth, a little nerdy about brewing.',
    avoidWords: ['artisanal', 'game-changer'],
    writingSample: 'We roast on Tuesdays.\nCome by and smell it.',
    tone: { preset: 'playful', notes: '', readingLevel: 'simple', emoji: 'many' },
    ...overrides,
  };
}

export function supportAnswers(overrides: Partial<SupportAnswers> = {}): SupportAnswers {
  return {
    appId: 'ai-customer-support',
    product: { name: 'Parcelo', about: 'Parcel lockers for apartment buildings, with an app for residents.' },
    faqs: [
      { question: 'How do I open my locker?', answer: 'Tap the parcel in the app and hold your phone to the locker.' },
      { question: 'How long is a parcel kept?', answer: 'Seven days, then it goes back to the sender.' },
    ],
    policies: 'Refunds: within 30 days of a missed delivery.\nPrivacy: door codes are never shared in chat.',
    tools: [{ name: 'lookupParcel', use: 'finds a parcel by its tracking number' }],
    escalation: { who: 'the support team', channel: 'e-mail', hours: 'within one working day' },
    languages: ['English'],
    tone: { preset: 'formal', notes: 'Never use first names.', readingLevel: 'expert', emoji: 'none' },
    ...overrides,
  };
}

/**
 * The first app's tailored prompt (issue 40, "tailored, not templated"): the catalogue's field, business type and
 * product (what the agent does, for whom, how it speaks: shared/content/prompt-profiles.ts), filled with the
 * buyer's answers. Every answer given appears in its section; an answer left empty leaves its line (or its whole
 * section) out; nothing is left to fill in; and the business's name stands wherever the profiles say "the business".
 */
import { brand } from '@shared/content/brand';
import { findApp, type MarketplaceApp } from '@shared/content/catalogue';
import { resolveCustomization } from '@shared/content/customization';
import { businessProfiles, commonGuardrails, defaultBusiness, defaultField, fieldProfiles } from '@shared/content/prompt-profiles';
import { agentChannels, businessQuestions, studioLabels as L } from '@shared/content/prompt-studio/questions';
import type { AgentAnswers } from '@shared/contract/schemas/prompt-studio/agent-answers';
import { given } from '@shared/contract/schemas/prompt-studio/parts';
import { bullets, entries, item, labelled, listing, prompt, section } from './markdown';
import { examplesSection, languageRule, toneSection } from './tone';

/** How the role names each channel. */
const channelNames: Readonly<Record<AgentAnswers['channels'][number], string>> = { chat: 'chat', email: 'e-mail', sms: 'SMS', voice: 'voice calls' };

/** What each channel asks of a reply. */
const channelRules: Readonly<Record<AgentAnswers['channels'][number], string>> = {
  chat: 'In chat: short messages, one question at a time.',
  email: 'In e-mails: a greeting, short paragraphs and a sign-off.',
  sms: 'In SMS: under 300 characters, no lists, and a link only when it is the business’s own.',
  voice: 'On voice calls: short spoken sentences, no lists or links; say prices and times in full words and repeat them back.',
};

/** The profiles' words for the business ("the dental practice") become its name; so does every "the business". */
function withName(text: string, name: string): string {
  return text.replace(/\b[Tt]he business(’s|'s)?\b/g, (_m, possessive: string | undefined) => (possessive ? `${name}’s` : name));
}

function offeringLine(o: AgentAnswers['offerings'][number]): string | undefined {
  if (!given(o.name)) return undefined;
  const price = given(o.price) ? `: ${o.price}` : '';
  const details = given(o.details) ? ` (${o.details})` : '';
  return item(`${o.name}${price}${details}`);
}

export function writeAgentPrompt(answers: AgentAnswers): string {
  const app = findApp(answers.appId) as MarketplaceApp;
  const c = resolveCustomization(app, { fieldId: answers.fieldId, subcategoryId: answers.subcategoryId, productId: answers.productId || undefined });
  if (!c) throw new Error('agent answers name a customization the catalogue does not have');
  const name = answers.business.name.trim();
  const profile = businessProfiles[c.subcategory.id] ?? defaultBusiness;
  // The profiles speak of "the <kind of business>": here every such phrase names the business.
  const b = { ...profile, business: 'the business' };
  const f = fieldProfiles[c.field.id] ?? defaultField;
  const channels = agentChannels.filter((ch) => answers.channels.includes(ch.id));
  const languages = entries(answers.languages);
  const offerings = answers.offerings.map(offeringLine).filter((l): l is string => l !== undefined);
  const firstOffering = answers.offerings.find((o) => given(o.name));
  const questions = businessQuestions[c.subcategory.id] ?? [];
  const h = answers.handover;
  const job = c.product ? `You are the ${c.product.name} of ${name}, ${profile.business}.\nWhat you do: ${c.product.description}` : `You are the AI ${c.field.name} assistant of ${name}, ${profile.business}.`;

  const text = prompt([
    `# System prompt: ${c.product?.name ?? `${c.field.name} assistant`} for ${name}`,
    `## Role\n${job}\nYour area: ${c.field.name} for ${c.subcategory.name}. ${c.subcategory.description}\nYou speak with ${profile.customers} and with the team on behalf of ${name}, by ${listing(channels.map((ch) => channelNames[ch.id]))}, in ${listing(languages)}.`,
    section(`About ${name}`, [
      item(`Name: ${name}`),
      ...labelled(L.website, answers.business.website),
      item(`${L.location}: ${answers.business.location}`),
      item(`${L.hours}: ${answers.business.hours}`),
    ]),
    section(L.offerings, offerings),
    section('Policies to quote exactly', [
      ...labelled(L.cancellation, answers.policies.cancellation),
      ...labelled(L.refunds, answers.policies.refunds),
      ...labelled(L.payment, answers.policies.payment),
    ]),
    section(`What ${profile.customers} ask about`, questions.flatMap((q) => labelled(q.label, answers.specifics[q.id]))),
    section('Goals', bullets(f.goals(b))),
    section('What to ask', bullets(f.ask(b))),
    toneSection(answers.tone, name, profile.tone, [languageRule(languages), 'Use short paragraphs and plain words; one question at a time.', `Sign off as ${name}’s assistant, never as a named human.`]),
    examplesSection(answers.tone, {
      name,
      fact: firstOffering
        ? { question: `How much is ${firstOffering.name}?`, subject: firstOffering.name, verb: 'is', answer: given(firstOffering.price) ? firstOffering.price : 'priced on request', ...(given(firstOffering.details) ? { detail: firstOffering.details } : {}) }
        : { question: 'When are you open?', subject: 'Our opening hours', verb: 'are', answer: answers.business.hours },
      handover: { who: h.who, channel: h.channel, ...(given(h.hours) ? { hours: h.hours } : {}) },
    }),
    section('Always', bullets(entries(answers.dos))),
    section('Never', bullets(entries(answers.donts))),
    section('Guardrails', bullets([...f.guardrails(b), ...commonGuardrails(b)])),
    section('When to hand over to a human', [
      ...bullets(f.handover(b)),
      item('You are unsure, or the same problem is not solved after two attempts.'),
      `Who takes over: ${h.who}, by ${h.channel}${given(h.hours) ? `, ${h.hours}` : ''}. When you hand over: tell the person that ${h.who} will follow up and when, summarise the conversation in three lines for them (who, what they need, what you already tried) and do not continue the task yourself.`,
    ]),
    section('Output', ['Be accurate first, then brief. End every reply with the next step.', ...bullets(channels.map((ch) => channelRules[ch.id])), `Written with ${app.name} by ${brand.name}.`]),
  ]);
  return withName(text, name);
}

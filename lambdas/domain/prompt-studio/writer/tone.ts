/**
 * Tone and style (issue 40, "customizable tone and style"): the preset, the buyer's notes, the reading level and
 * the use of emoji each change the prompt's tone section and the examples that show it. The `default` preset is the
 * business type's own tone (shared/content/prompt-profiles.ts) or the app's.
 */
import type { TonePreset } from '@shared/content/prompt-studio/questions';
import type { ToneAnswers } from '@shared/contract/schemas/prompt-studio/tone';
import { given } from '@shared/contract/schemas/prompt-studio/parts';
import { item, section } from './markdown';

export const presetTexts: Readonly<Record<Exclude<TonePreset, 'default'>, string>> = {
  warm: 'Warm, friendly and caring: greet people by name when you know it, show that you understand how they feel, and thank them for their patience.',
  formal: 'Formal, courteous and precise: full sentences, no slang or contractions, and titles with surnames (Mr, Ms, Dr) until invited otherwise.',
  concise: 'Concise and direct: answer in at most three short sentences, lead with the answer, and leave out small talk.',
  playful: 'Playful and upbeat, with light humour where it fits; never joke about money, health, complaints, safety or bad news.',
};

export const readingLevelTexts: Readonly<Record<ToneAnswers['readingLevel'], string>> = {
  simple: 'Reading level: simple. Write so a 12-year-old could follow: everyday words, one idea per sentence, no jargon.',
  standard: 'Reading level: standard. Plain, everyday language; explain any technical term the first time you use it.',
  expert: 'Reading level: expert. Use the field’s own terms when the person does, and keep explanations short.',
};

export const emojiTexts: Readonly<Record<ToneAnswers['emoji'], string>> = {
  none: 'Emoji: never use emoji.',
  few: 'Emoji: at most one per message, only in greetings and thanks; never in prices, policies or bad news.',
  many: 'Emoji: use them freely to keep things light (one or two per message); never in prices, policies, complaints or bad news.',
};

/** The tone section: the preset (or the default tone), the notes, reading level, emoji and the house rules. */
export function toneSection(tone: ToneAnswers, name: string, defaultTone: string, rules: readonly string[]): string {
  const opening = tone.preset === 'default' ? defaultTone : presetTexts[tone.preset];
  return section('Tone and style', [
    opening,
    ...(given(tone.notes) ? [item(`From ${name}, on tone and style: ${tone.notes.trim()}`)] : []),
    item(readingLevelTexts[tone.readingLevel]),
    item(emojiTexts[tone.emoji]),
    ...rules.map(item),
  ]) as string;
}

/** One example reply's pieces: what the person asks, and the facts the answer states. */
export interface ExampleFacts {
  /** Who the agent speaks for, e.g. the business's name. */
  readonly name: string;
  /** A question about a fact and its answer, e.g. the price of a service. */
  readonly fact: {
    readonly question: string;
    /** What the answer is about ("Teeth whitening"); absent when the answer is a sentence of its own. */
    readonly subject?: string;
    readonly verb?: 'is' | 'are';
    readonly answer: string;
    readonly detail?: string;
  };
  /** Who takes over, how and when. */
  readonly handover: { readonly who: string; readonly channel: string; readonly hours?: string };
}

const greetings: Readonly<Record<TonePreset, (name: string) => string>> = {
  default: (n) => `Hello, and thanks for contacting ${n}. How can I help you today?`,
  warm: (n) => `Hi there, and welcome to ${n}! It’s lovely to hear from you. How can I help today?`,
  formal: (n) => `Good day, and thank you for contacting ${n}. How may I assist you?`,
  concise: (n) => `Hi, this is ${n}. How can I help?`,
  playful: (n) => `Hey there! You’ve reached ${n}, and I’m ready when you are. What can I do for you?`,
};

const factOpeners: Readonly<Record<TonePreset, string>> = { default: '', warm: 'Great question! ', formal: 'Certainly. ', concise: '', playful: 'Good news: ' };

function factAnswer(level: ToneAnswers['readingLevel'], f: ExampleFacts['fact']): string {
  const answer = f.answer.trim().replace(/[.!?]+$/, '').replace(/\s*\n\s*/g, '; ');
  const stated = f.subject === undefined ? answer : `${f.subject} ${f.verb ?? 'is'} ${answer}`;
  if (level === 'simple') return `${stated}. If anything is unclear, just ask and I’ll explain it step by step.`;
  if (level === 'expert') return `${f.subject === undefined ? answer : `${f.subject}: ${answer}`}${f.detail ? ` (${f.detail})` : ''}.`;
  return `${stated}${f.detail ? `, ${f.detail}` : ''}.`;
}

const handovers: Readonly<Record<TonePreset, (who: string, how: string) => string>> = {
  default: (who, how) => `Of course. I’ll pass this to ${who}, who will reach you by ${how}.`,
  warm: (who, how) => `Of course, I’m glad to help with that! I’ll pass this to ${who}, who will reach you by ${how}.`,
  formal: (who, how) => `Certainly. I will pass your request to ${who}, who will contact you by ${how}.`,
  concise: (who, how) => `Sure. ${who} will contact you by ${how}.`,
  playful: (who, how) => `You got it! I’m handing you over to ${who}, who’ll get back to you by ${how}.`,
};

const emojiAt: Readonly<Record<ToneAnswers['emoji'], readonly [string, string, string]>> = {
  none: ['', '', ''],
  few: [' 😊', '', ''],
  many: [' 😊👋', ' ✅', ' 🙌'],
};

/** Three example exchanges (greeting, a fact, a hand-over) in the chosen tone, with the business's own facts. */
export function examplesSection(tone: ToneAnswers, facts: ExampleFacts): string {
  const [e1, e2, e3] = emojiAt[tone.emoji];
  const how = `${facts.handover.channel}${given(facts.handover.hours) ? ` (${facts.handover.hours.trim()})` : ''}`;
  const exchange = (title: string, asks: string, reply: string) => item(`${title}. They write: “${asks}” You reply: “${reply}”`);
  return section('Examples of replies in this tone', [
    'These show the voice; always take the facts from the sections above.',
    exchange('A greeting', 'Hi!', `${greetings[tone.preset](facts.name)}${e1}`),
    exchange('A question', facts.fact.question, `${factOpeners[tone.preset]}${factAnswer(tone.readingLevel, facts.fact)}${e2}`),
    exchange('Asking for a person', 'Can I talk to someone?', `${handovers[tone.preset](facts.handover.who, how)}${e3}`),
  ]) as string;
}

/** The language rule: reply in the person's language when it is one of the business's, else in the first. */
export function languageRule(languages: readonly string[]): string {
  const list = languages.map((l) => l.trim()).filter(Boolean);
  if (list.length <= 1) return `Reply in ${list[0] ?? 'English'}.`;
  return `Reply in the language the person writes in when it is one of ${list.join(', ')}; otherwise reply in ${list[0]}.`;
}

/**
 * The six features the first app's card advertises (shared/content/catalogue.ts), each proven on what the buyer
 * gets from the prompt studio (issue 40): one describe per feature, named as the card names it.
 */
import { describe, expect, it } from 'vitest';
import { findApp, type MarketplaceApp } from '@shared/content/catalogue';
import { readAnswersFile } from '@shared/contract/schemas/prompt-studio/answers';
import { fileName, markdownToText, promptFile } from '../../../../../lambdas/domain/prompt-studio/files';
import { newVersion, openStudio, VERSIONS_PER_WINDOW, VERSION_WINDOW_MINUTES } from '../../../../../lambdas/domain/prompt-studio/studio';
import { writeAgentPrompt } from '../../../../../lambdas/domain/prompt-studio/writer/agent';
import { emojiTexts, presetTexts, readingLevelTexts } from '../../../../../lambdas/domain/prompt-studio/writer/tone';
import { agentAnswers } from '../../../../helpers/studio-answers';
import { studioFor } from './studio-deps';

const app = findApp('ai-system-prompt-generator') as MarketplaceApp;
/** The field and business type, with the business type's first product in that field (if it has products). */
const choice = (fieldId: string, subcategoryId: string) => {
  const product = app.fieldOptions?.find((f) => f.id === fieldId)?.subcategories.find((s) => s.id === subcategoryId)?.products?.[0];
  return { fieldId, subcategoryId, productId: product?.id ?? '' };
};
const section = (prompt: string, title: string) => {
  const start = prompt.indexOf(`## ${title}`);
  if (start < 0) return '';
  const next = prompt.indexOf('\n## ', start + 3);
  return prompt.slice(start, next < 0 ? undefined : next);
};

describe('the first app', () => {
  it('advertises exactly these six features', () => {
    expect(app.features).toEqual([
      'Industry-specific prompts',
      'Business-tailored interactions',
      'Customizable tone and style',
      'Optimized for performance',
      'Unlimited revisions',
      'Downloadable prompt files',
    ]);
  });
});

describe('Industry-specific prompts', () => {
  it("writes each field's rules and each business type's own questions into the prompt", () => {
    const clinic = writeAgentPrompt(agentAnswers(choice('healthcare', 'medical-offices')));
    expect(section(clinic, 'Guardrails')).toMatch(/never diagnose/);
    expect(section(clinic, 'Guardrails')).toMatch(/emergency number/);
    expect(section(clinic, 'What patients ask about')).toContain('How to reach the practice after hours: Answer 1 for afterHours');
    const garage = writeAgentPrompt(agentAnswers(choice('finance', 'auto-shops')));
    expect(section(garage, 'Guardrails')).toMatch(/investment, tax or legal advice/);
    expect(section(garage, 'What customers ask about')).toContain('Warranty on parts and labour:');
    expect(section(garage, 'Tone and style')).toMatch(/Explain car problems in plain words/);
    expect(clinic).not.toContain('Warranty on parts');
  });
});

describe('Business-tailored interactions', () => {
  const answers = agentAnswers();
  const prompt = writeAgentPrompt(answers);

  it("names the business wherever the profiles say 'the business', and states its facts in their sections", () => {
    expect(prompt).not.toMatch(/\bthe business\b/i);
    expect(prompt.match(/Bright Smile Dental/g)?.length).toBeGreaterThan(8);
    expect(section(prompt, 'About Bright Smile Dental')).toContain('Location: 12 Elm Street, Springfield');
    expect(section(prompt, 'Services or products with prices')).toContain('- Check-up and cleaning: $95 (about 45 minutes)');
    expect(section(prompt, 'Policies to quote exactly')).toContain('Cancellation policy: Cancel at least 24 hours ahead, or a $40 fee applies.');
    expect(section(prompt, 'When to hand over to a human')).toContain('Who takes over: Maria at the front desk, by a phone call back, weekdays 8 am - 6 pm.');
    expect(section(prompt, 'Always')).toContain('Offer the next free slot when a time is taken');
    expect(section(prompt, 'Never')).toContain('Discuss treatment prices of other practices');
  });

  it('leaves no gap to fill in, and leaves out what was not answered', () => {
    expect(prompt).not.toMatch(/fill these in|\[|\]|\{|\}|undefined|null/);
    const sparse = writeAgentPrompt(agentAnswers({}, { policies: { cancellation: '', refunds: '', payment: '' }, dos: [''], donts: [], business: { ...answers.business, website: '' } }));
    expect(sparse).not.toContain('## Policies to quote exactly');
    expect(sparse).not.toContain('## Always');
    expect(sparse).not.toContain('## Never');
    expect(sparse).not.toContain('Website:');
  });

  it('uses the business’s own facts in its example replies', () => {
    const examples = section(prompt, 'Examples of replies in this tone');
    expect(examples).toContain('How much is Check-up and cleaning?');
    expect(examples).toContain('$95');
    expect(examples).toContain('Maria at the front desk');
  });
});

describe('Customizable tone and style', () => {
  const base = agentAnswers();
  const toneOf = (tone: Partial<typeof base.tone>) => {
    const p = writeAgentPrompt({ ...base, tone: { ...base.tone, ...tone } });
    return { tone: section(p, 'Tone and style'), examples: section(p, 'Examples of replies in this tone') };
  };

  it('the default preset is the business type’s own tone; every other preset replaces it and its examples', () => {
    const byPreset = (['default', 'warm', 'formal', 'concise', 'playful'] as const).map((preset) => toneOf({ preset }));
    expect(byPreset[0]?.tone).toContain('nervous about dental visits');
    for (const [i, preset] of (['warm', 'formal', 'concise', 'playful'] as const).entries()) {
      expect(byPreset[i + 1]?.tone).toContain(presetTexts[preset]);
      expect(byPreset[i + 1]?.tone).not.toContain('nervous about dental visits');
    }
    expect(new Set(byPreset.map((p) => p.tone)).size).toBe(5);
    expect(new Set(byPreset.map((p) => p.examples)).size).toBe(5);
  });

  it('the notes, the reading level and the emoji each change the tone section and the examples', () => {
    expect(toneOf({ notes: 'Always say “folks”.' }).tone).toContain('From Bright Smile Dental, on tone and style: Always say “folks”.');
    const levels = (['simple', 'standard', 'expert'] as const).map((readingLevel) => toneOf({ readingLevel }));
    levels.forEach((l, i) => expect(l.tone).toContain(readingLevelTexts[(['simple', 'standard', 'expert'] as const)[i] as 'simple']));
    expect(new Set(levels.map((l) => l.examples)).size).toBe(3);
    const emoji = (['none', 'few', 'many'] as const).map((e) => toneOf({ emoji: e }));
    emoji.forEach((l, i) => expect(l.tone).toContain(emojiTexts[(['none', 'few', 'many'] as const)[i] as 'none']));
    expect(emoji[0]?.examples).not.toMatch(/\p{Extended_Pictographic}/u);
    expect(emoji[2]?.examples.match(/\p{Extended_Pictographic}/gu)?.length).toBeGreaterThan(emoji[1]?.examples.match(/\p{Extended_Pictographic}/gu)?.length ?? 0);
  });
});

describe('Optimized for performance', () => {
  it('puts the facts first, repeats no line, leaves no empty section, and stays within the prompt budget', () => {
    const prompt = writeAgentPrompt(agentAnswers());
    const titles = [...prompt.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
    expect(titles.slice(0, 5)).toEqual(['Role', 'About Bright Smile Dental', 'Services or products with prices', 'Policies to quote exactly', 'What patients ask about']);
    expect(new Set(titles).size).toBe(titles.length);
    expect(prompt).not.toMatch(/## [^\n]+\n(\n|$)/);
    const lines = prompt.split('\n').filter((l) => l.startsWith('- '));
    expect(new Set(lines).size).toBe(lines.length);
    // About 4 characters a token: a focused prompt well under 2,500 tokens leaves the model's context to the conversation.
    expect(prompt.length).toBeLessThan(10_000);
  });
});

describe('Unlimited revisions', () => {
  it('keeps every save as a version with its time, far past one window, restores one and keeps a hand edit', async () => {
    const { deps, clock, buyer, sessionId } = await studioFor('ai-system-prompt-generator');
    const saves = VERSIONS_PER_WINDOW * 3;
    for (let i = 0; i < saves; i++) {
      if (i > 0 && i % VERSIONS_PER_WINDOW === 0) clock.advance(VERSION_WINDOW_MINUTES * 60_000 + 1);
      await newVersion({ sessionId, source: 'answers', answers: agentAnswers({}, { business: { ...agentAnswers().business, name: `Smile ${i + 1}` } }) }, buyer, deps);
    }
    clock.advance(VERSION_WINDOW_MINUTES * 60_000 + 1);
    await newVersion({ sessionId, source: 'restore', version: 2 }, buyer, deps);
    await newVersion({ sessionId, source: 'edit', basedOn: 3, text: 'You are the friendliest bot in town.' }, buyer, deps);
    const state = await openStudio({ sessionId }, buyer, deps);
    expect(state.versions).toHaveLength(saves + 2);
    expect(state.versions.map((v) => v.number)).toEqual(Array.from({ length: saves + 2 }, (_, i) => saves + 2 - i));
    expect(new Set(state.versions.map((v) => v.createdAt)).size).toBeGreaterThan(2);
    expect(state.versions[1]).toMatchObject({ source: 'restore', basedOn: 2 });
    expect(state.version).toMatchObject({ number: saves + 2, source: 'edit', basedOn: 3, text: 'You are the friendliest bot in town.' });
    expect((await openStudio({ sessionId, version: saves + 1 }, buyer, deps)).version?.text).toContain('Smile 2');
  });
});

describe('Downloadable prompt files', () => {
  const version = { number: 3, createdAt: '2026-11-29T10:00:00.000Z', source: 'writer' as const, characters: 0, text: writeAgentPrompt(agentAnswers()), answers: agentAnswers() };

  it('names each file after the app, the business and the version, with the right content type', () => {
    expect(fileName('ai-system-prompt-generator', version, 'md')).toBe('ai-system-prompt-generator-bright-smile-dental-v3.md');
    expect(promptFile('ai-system-prompt-generator', version, 'md', new Date())).toMatchObject({ name: 'ai-system-prompt-generator-bright-smile-dental-v3.md', contentType: 'text/markdown; charset=utf-8', body: version.text });
    expect(promptFile('ai-system-prompt-generator', version, 'txt', new Date())).toMatchObject({ name: 'ai-system-prompt-generator-bright-smile-dental-v3.txt', contentType: 'text/plain; charset=utf-8' });
    expect(promptFile('ai-system-prompt-generator', version, 'json', new Date())).toMatchObject({ name: 'ai-system-prompt-generator-bright-smile-dental-v3-answers.json', contentType: 'application/json; charset=utf-8' });
    expect(fileName('ai-system-prompt-generator', { number: 1, answers: agentAnswers({}, { business: { ...agentAnswers().business, name: 'Café Über & Co' } }) }, 'md')).toBe('ai-system-prompt-generator-cafe-uber-co-v1.md');
  });

  it('writes the plain text without Markdown marks, and answers the form loads again', () => {
    const text = promptFile('ai-system-prompt-generator', version, 'txt', new Date())?.body ?? '';
    expect(text).not.toMatch(/^#/m);
    expect(text).toContain('About Bright Smile Dental\n-------------------------');
    expect(markdownToText('# Title\n> quoted **bold** [site](https://x.example)')).toBe('Title\n=====\n  quoted bold site (https://x.example)');
    const json = promptFile('ai-system-prompt-generator', version, 'json', new Date())?.body ?? '';
    expect(readAnswersFile(json, 'ai-system-prompt-generator')).toEqual({ ok: true, answers: agentAnswers() });
    expect(readAnswersFile(json, 'ai-content-generator')).toMatchObject({ ok: false });
  });
});

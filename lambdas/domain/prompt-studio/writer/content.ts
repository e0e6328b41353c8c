/**
 * The AI Content Generator's tailored prompt (issue 40): the brand, its audience and channels, its voice, the
 * words it never uses and a sample of its own writing to match, in the chosen tone and style.
 */
import { brand } from '@shared/content/brand';
import { findApp, type MarketplaceApp } from '@shared/content/catalogue';
import { contentChannels } from '@shared/content/prompt-studio/questions';
import type { ContentAnswers } from '@shared/contract/schemas/prompt-studio/content-answers';
import { given } from '@shared/contract/schemas/prompt-studio/parts';
import { bullets, entries, item, listing, prompt, section } from './markdown';
import { examplesSection, toneSection } from './tone';

const channelRules: Readonly<Record<ContentAnswers['channels'][number], string>> = {
  blog: 'Blog posts and articles: a headline that promises one thing, subheadings every 200-300 words, a clear call to action at the end.',
  social: 'Social media captions: under 220 characters plus up to 3 hashtags; the hook in the first line.',
  newsletter: 'E-mail newsletters: a subject line under 50 characters, a preview line, one main message and one call to action.',
  product: 'Product descriptions: the benefit first, then the facts (size, materials, what is included), scannable in 10 seconds.',
  ads: 'Ads and landing pages: one promise, one proof, one action; respect each platform’s length limits.',
};

export function writeContentPrompt(answers: ContentAnswers): string {
  const app = findApp(answers.appId) as MarketplaceApp;
  const name = answers.brand.name.trim();
  const channels = contentChannels.filter((ch) => answers.channels.includes(ch.id));
  const avoid = entries(answers.avoidWords);
  return prompt([
    `# System prompt: ${app.name} for ${name}`,
    `## Role\nYou are the senior content writer of ${name}. You draft ${listing(channels.map((ch) => ch.label.toLowerCase()))} that sound exactly like ${name}.`,
    section(`About ${name}`, [item(`Brand: ${name}`), ...(given(answers.brand.about) ? [item(`What it does: ${answers.brand.about}`)] : []), item(`Audience: ${answers.audience}`)]),
    section('Goals', bullets([
      'Turn a short brief into publish-ready drafts that need only light editing.',
      'Write for the reader: lead with what they care about, keep one idea per paragraph, end with a clear call to action.',
      `Keep the voice of ${name} consistent across every channel.`,
    ])),
    section('Brand voice', [answers.voice.trim(), ...(avoid.length ? [item(`Words and phrases never to use: ${avoid.map((w) => `“${w}”`).join(', ')}.`)] : [])]),
    given(answers.writingSample) ? `## A sample of ${name}’s own writing (match its rhythm and vocabulary, never copy it)\n${answers.writingSample.trim().split('\n').map((l) => `> ${l}`).join('\n')}` : undefined,
    toneSection(answers.tone, name, 'Clear, warm and confident, as the brand voice above describes.', ['Write in the language of the brief.']),
    examplesSection(answers.tone, {
      name,
      fact: { question: 'Who do you write for?', subject: 'Our readers', verb: 'are', answer: lowerFirst(firstSentence(answers.audience)) },
      handover: { who: 'the editor who approves every draft', channel: 'the brief’s own thread' },
    }),
    section('Channels', bullets(channels.map((ch) => channelRules[ch.id]))),
    section('What to ask', bullets(['The channel, the audience and the single goal of the piece.', 'Key facts, offers, dates and links that must appear.', 'Length and any words to avoid beyond the list above.'])),
    section('Guardrails', bullets([
      'Never invent facts, statistics, quotes, testimonials or reviews; mark assumptions as [check].',
      'No plagiarism: write original text and do not imitate other brands’ slogans.',
      'No medical, legal or financial claims the brand has not approved.',
    ])),
    section('When to hand over to a human', bullets(['Before publishing: a person approves every draft.', 'Topics that are sensitive, political, or a reply to a public complaint.'])),
    `## Output\nDrafts ready to paste, with a one-line note of anything to check. Written with ${app.name} by ${brand.name}.`,
  ]);
}

/** "Home baristas" -> "home baristas", but "NASA engineers" stays. */
function lowerFirst(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? `${text[0]?.toLowerCase()}${text.slice(1)}` : text;
}

function firstSentence(text: string): string {
  const line = text.trim().split('\n')[0] ?? '';
  return line.replace(/[.!?]+$/, '');
}

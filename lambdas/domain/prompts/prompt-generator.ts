/**
 * The built-in AI system prompt writer, used when no prompt webhook is configured. It composes a complete,
 * ready-to-paste system prompt from the catalogue: the buyer's field (what the agent does), business type
 * (who it serves and how they speak) and product (its one job). Every section a good agent prompt needs is
 * filled with concrete instructions: role, goals, tone, what to ask, guardrails and when to hand over.
 */
import { type MarketplaceApp } from '@shared/content/catalogue';
import { type ResolvedCustomization } from '@shared/content/customization';
import { brand } from '@shared/content/brand';
import { businessProfiles, commonGuardrails, defaultBusiness, defaultField, fieldProfiles } from '@shared/content/prompt-profiles';


function section(title: string, lines: readonly string[]): string {
  return `## ${title}\n${lines.map((l) => `- ${l}`).join('\n')}`;
}

function customizedPrompt(app: MarketplaceApp, c: ResolvedCustomization): string {
  const b = businessProfiles[c.subcategory.id] ?? defaultBusiness;
  const f = fieldProfiles[c.field.id] ?? defaultField;
  const job = c.product
    ? `You are the ${c.product.name} of ${b.business}.\nWhat you do: ${c.product.description}`
    : `You are the AI ${c.field.name} assistant of ${b.business}.`;
  const focus = `Your area: ${c.field.name} for ${c.subcategory.name}. ${c.subcategory.description}`;
  return [
    `# System prompt: ${c.product?.name ?? `${c.field.name} assistant`} for ${c.subcategory.name}`,
    `## Role\n${job}\n${focus}\nYou speak with ${b.customers} and with the team on behalf of the business, in writing (chat, email or SMS).`,
    section('Goals', f.goals(b)),
    `## Tone and style\n${b.tone}\n- Use short paragraphs and plain words; one question at a time.\n- Reply in the language the person writes in.\n- Sign off as the business's assistant, never as a named human.`,
    section('What to ask', f.ask(b)),
    section('What you must know before going live (fill these in)', b.knowledge.map((k) => `${k[0]?.toUpperCase()}${k.slice(1)}.`)),
    section('Guardrails', [...f.guardrails(b), ...commonGuardrails(b)]),
    section('When to hand over to a human', [
      ...f.handover(b),
      'You are unsure, or the same problem is not solved after two attempts.',
    ]) +
      `\nWhen you hand over: tell the person a team member will follow up and when, summarise the conversation in three lines for the team (who, what they need, what you already tried) and do not continue the task yourself.`,
    `## Output\nBe accurate first, then brief. End every reply with the next step. Generated with ${app.name} by ${brand.name}.`,
  ].join('\n\n');
}

const appPrompts: Record<string, (app: MarketplaceApp) => string> = {
  'ai-content-generator': (app) =>
    [
      `# System prompt: ${app.name}`,
      '## Role\nYou are a senior content writer for a growing business. You draft blog posts, social captions, email newsletters and product descriptions that sound exactly like the brand.',
      section('Goals', [
        'Turn a short brief into publish-ready drafts that need only light editing.',
        'Write for the reader: lead with what they care about, keep one idea per paragraph, end with a clear call to action.',
        'Keep the brand voice consistent across every channel.',
      ]),
      '## Tone and style\nMatch the brand voice preset you are given (for example "friendly expert", "bold and playful", "calm and premium"). Without one, be clear, warm and confident. Respect channel limits: social captions under 220 characters plus up to 3 hashtags; newsletter subject lines under 50 characters.',
      section('What to ask', [
        'The channel, the audience and the single goal of the piece.',
        'Key facts, offers, dates and links that must appear.',
        'Length, brand voice preset and any words to avoid.',
      ]),
      section('Guardrails', [
        'Never invent facts, statistics, quotes, testimonials or reviews; mark assumptions as [check].',
        'No plagiarism: write original text and do not imitate other brands’ slogans.',
        'No medical, legal or financial claims the business has not approved.',
      ]),
      section('When to hand over to a human', [
        'Before publishing: every draft is approved by a person.',
        'Topics that are sensitive, political, or a reply to a public complaint.',
      ]),
    ].join('\n\n'),
  'ai-customer-support': (app) =>
    [
      `# System prompt: ${app.name}`,
      '## Role\nYou are the customer support assistant of the business, available around the clock on its website and messaging channels. You answer questions from the FAQs and knowledge base you are given and look up orders and bookings through the tools provided.',
      section('Goals', [
        'Solve common questions in the first reply, accurately and politely.',
        'Look up order and booking status instead of asking customers to call.',
        'Hand complex or sensitive cases to the team with a clean summary.',
      ]),
      '## Tone and style\nFriendly, patient and concise. Acknowledge frustration before solving. One question at a time; reply in the customer’s language.',
      section('What to ask', [
        'What the customer needs, in their words.',
        'Their name and order or booking number before any lookup.',
        'How the team can reach them if a follow-up is needed.',
      ]),
      section('Guardrails', [
        'Answer only from the knowledge base and tool results; if unsure, say so and offer a hand-over.',
        'Never promise refunds, discounts or exceptions the policy does not state.',
        'Never ask for full card numbers, passwords or codes.',
      ]),
      section('When to hand over to a human', [
        'The customer asks for a person, is upset, or the issue is unresolved after two attempts.',
        'Refunds, complaints, legal, safety or privacy issues.',
      ]) + '\nWhen you hand over, summarise who the customer is, what they need and what you tried, and tell them when to expect a reply.',
    ].join('\n\n'),
};

/**
 * The system prompt for an app. `customization` is the buyer's field, business type and product for apps
 * with field options (their default selection when absent).
 */
export function generateSystemPrompt(app: MarketplaceApp, customization?: ResolvedCustomization): string {
  if (customization) return customizedPrompt(app, customization);
  const specific = appPrompts[app.id];
  if (specific) return specific(app);
  return [
    `# System prompt: ${app.name}`,
    `## Role\nYou are ${app.name}. ${app.description}`,
    section('Goals', app.features.map((f) => `${f}.`)),
    '## Tone and style\nClear, friendly and professional.',
    section('Guardrails', commonGuardrails(defaultBusiness)),
    section('When to hand over to a human', ['The person asks for one, is upset, or you are unsure.']),
  ].join('\n\n');
}

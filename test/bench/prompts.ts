/**
 * `npm run bench:prompts` (issue 40): the built-in writer of the prompt studio on every field and business type of
 * the first app (each with its first product, when it has products), with whole sample answers (test/helpers/
 * studio-answers.ts: every business type's own questions answered). For each prompt it checks that
 *   - every answer given appears in it, line by line;
 *   - nothing is left to fill in: no "fill these in", no "the business", no bracket or brace placeholder, no
 *     `undefined` or `null`;
 * and measures its size (characters, and about 4 characters a token). It prints the count that fail (0 is the
 * budget), the largest prompt and a line per field, writes them into docs/benchmarks.md (./report.ts), and exits 1
 * when any prompt fails. A second of work: no stack, no network.
 */
import { findApp, type MarketplaceApp } from '@shared/content/catalogue';
import { checkAnswers } from '@shared/contract/schemas/prompt-studio/answers';
import { writeAgentPrompt } from '../../lambdas/domain/prompt-studio/writer/agent';
import { agentAnswers } from '../helpers/studio-answers';
import { recordPrinted, writeBenchSection } from './report';

const PLACEHOLDER = /fill these in|\bthe business\b|[[\]{}]|\bundefined\b|\bnull\b|\bTODO\b|\bXXX\b/i;

/** Every text the answers hold, besides ids and choices (they appear by their names). */
function givenTexts(value: unknown, key = ''): string[] {
  if (typeof value === 'string') return key.endsWith('Id') || key === 'appId' ? [] : value.split('\n').map((l) => l.trim()).filter(Boolean);
  if (Array.isArray(value)) return key === 'channels' ? [] : value.flatMap((v) => givenTexts(v, key));
  if (typeof value === 'object' && value !== null) return Object.entries(value).flatMap(([k, v]) => (k === 'tone' ? givenTexts((v as { notes: string }).notes, 'notes') : givenTexts(v, k)));
  return [];
}

const app = findApp('ai-system-prompt-generator') as MarketplaceApp;
const printed = recordPrinted();
const rows: { field: string; businessType: string; chars: number; failures: string[] }[] = [];
for (const field of app.fieldOptions ?? []) {
  for (const sub of field.subcategories) {
    const answers = agentAnswers({ fieldId: field.id, subcategoryId: sub.id, productId: sub.products?.[0]?.id ?? '' });
    const failures: string[] = [];
    const checked = checkAnswers('ai-system-prompt-generator', answers);
    if (!checked.ok) failures.push(`answers refused: ${JSON.stringify(checked.errors)}`);
    const prompt = writeAgentPrompt(answers);
    for (const text of givenTexts(answers)) if (!prompt.includes(text)) failures.push(`missing answer: ${text}`);
    const placeholder = PLACEHOLDER.exec(prompt);
    if (placeholder) failures.push(`placeholder: ${placeholder[0]}`);
    rows.push({ field: field.name, businessType: sub.name, chars: prompt.length, failures });
  }
}

const failed = rows.filter((r) => r.failures.length > 0);
const largest = rows.reduce((a, b) => (b.chars > a.chars ? b : a));
const tokens = (chars: number) => Math.round(chars / 4);
console.log(`== the first app's tailored prompt, every field and business type with sample answers (${rows.length} prompts)`);
console.log('field                  prompts   smallest    largest   (chars; ~tokens at 4 chars)');
for (const field of app.fieldOptions ?? []) {
  const of = rows.filter((r) => r.field === field.name).map((r) => r.chars);
  console.log(`${field.name.padEnd(22)} ${String(of.length).padStart(7)} ${String(Math.min(...of)).padStart(10)} ${String(Math.max(...of)).padStart(10)}   (~${tokens(Math.max(...of))} tokens)`);
}
for (const r of failed) console.log(`FAIL ${r.field} / ${r.businessType}: ${r.failures.join('; ')}`);
console.log(`failing prompts: ${failed.length} of ${rows.length} (budget 0)`);
console.log(`largest prompt: ${largest.chars} characters (~${tokens(largest.chars)} tokens), ${largest.field} for ${largest.businessType}`);
writeBenchSection('prompts', printed());
process.exitCode = failed.length === 0 ? 0 : 1;

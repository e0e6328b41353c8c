/** How the tailored prompts are laid out: Markdown sections of bullet items, empty answers left out. */
import { given } from '@shared/contract/schemas/prompt-studio/parts';

/** A bullet item; the lines of a multi-line answer stay inside it (indented). */
export function item(text: string): string {
  return `- ${text.trim().replace(/\n+/g, '\n  ')}`;
}

/** `Label: answer`, or nothing when the answer was left empty. */
export function labelled(label: string, value: string | undefined): string[] {
  return given(value) ? [item(`${label}: ${value.trim()}`)] : [];
}

/** A section of bullet items and paragraphs; undefined (left out) when it has none. */
export function section(title: string, lines: readonly (string | undefined | false)[]): string | undefined {
  const body = lines.filter((l): l is string => typeof l === 'string' && l.trim() !== '');
  return body.length === 0 ? undefined : `## ${title}\n${body.join('\n')}`;
}

export const bullets = (lines: readonly string[]): string[] => lines.filter((l) => l.trim() !== '').map(item);

/** The prompt: its sections in order, the ones left out dropped. */
export function prompt(parts: readonly (string | undefined)[]): string {
  return `${parts.filter((p): p is string => p !== undefined).join('\n\n')}\n`;
}

/** "a, b and c" */
export function listing(values: readonly string[]): string {
  const v = values.filter((x) => x.trim() !== '').map((x) => x.trim());
  if (v.length <= 1) return v[0] ?? '';
  return `${v.slice(0, -1).join(', ')} and ${v[v.length - 1]}`;
}

/** The given entries of a list answer, trimmed. */
export const entries = (values: readonly string[]): string[] => values.map((v) => v.trim()).filter((v) => v !== '');

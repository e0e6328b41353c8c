/**
 * Downloadable prompt files (issue 40, "downloadable prompt files"): any version as Markdown (`.md`, the prompt as
 * written) or plain text (`.txt`, the Markdown marks taken out), and its answers as JSON, which the form loads
 * again. Each is named after the app, the business and the version.
 */
import { findApp } from '@shared/content/catalogue';
import { ANSWERS_FILE_FORMAT, ANSWERS_FILE_VERSION, type AnswersFile, type StudioAnswers, type StudioAppId } from '@shared/contract/schemas/prompt-studio/answers';
import type { PromptFileFormat, PromptVersion } from '@shared/contract/schemas/prompt-studio/requests';

export const fileContentTypes: Readonly<Record<PromptFileFormat, string>> = {
  md: 'text/markdown; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  json: 'application/json; charset=utf-8',
};

/** "Bright Smile Dental & Co." -> "bright-smile-dental-co"; letters with accents lose them; at most 40 characters. */
export function slug(text: string): string {
  const s = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return s;
}

/** The business (first app), brand (content) or product (support) the answers name. */
export function businessOf(answers: StudioAnswers | undefined): string {
  if (!answers) return '';
  if (answers.appId === 'ai-system-prompt-generator') return answers.business.name;
  if (answers.appId === 'ai-content-generator') return answers.brand.name;
  return answers.product.name;
}

export function fileName(appId: StudioAppId, version: Pick<PromptVersion, 'number' | 'answers'>, format: PromptFileFormat): string {
  const business = slug(businessOf(version.answers)) || 'prompt';
  const base = `${appId}-${business}-v${version.number}`;
  return format === 'json' ? `${base}-answers.json` : `${base}.${format}`;
}

/** The prompt as plain text: headings underlined, bold and italics unmarked, quotes and links as words. */
export function markdownToText(markdown: string): string {
  return markdown
    .split('\n')
    .map((line) => {
      const heading = /^(#{1,6})\s+(.*)$/.exec(line);
      if (heading) {
        const title = (heading[2] as string).trim();
        return `${title}\n${(heading[1] as string).length === 1 ? '='.repeat(title.length) : '-'.repeat(title.length)}`;
      }
      return line
        .replace(/^>\s?/, '  ')
        .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, '$1 ($2)')
        .replace(/(\*\*|__)(?=\S)(.+?)(?<=\S)\1/g, '$2')
        .replace(/`([^`]+)`/g, '$1');
    })
    .join('\n');
}

const withNewline = (text: string) => (text.endsWith('\n') ? text : `${text}\n`);

/** The file's bytes as text, its name and its content type. */
export function promptFile(appId: StudioAppId, version: PromptVersion, format: PromptFileFormat, exportedAt: Date): { name: string; contentType: string; body: string } | undefined {
  const name = fileName(appId, version, format);
  const contentType = fileContentTypes[format];
  if (format === 'md') return { name, contentType, body: withNewline(version.text) };
  if (format === 'txt') return { name, contentType, body: withNewline(markdownToText(version.text)) };
  if (!version.answers) return undefined;
  const file: AnswersFile = {
    format: ANSWERS_FILE_FORMAT,
    formatVersion: ANSWERS_FILE_VERSION,
    appId,
    appName: findApp(appId)?.name ?? appId,
    promptVersion: version.number,
    exportedAt: exportedAt.toISOString(),
    answers: version.answers,
  };
  return { name, contentType, body: `${JSON.stringify(file, null, 2)}\n` };
}

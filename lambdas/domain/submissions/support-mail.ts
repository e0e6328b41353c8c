/**
 * The notification mail the support staff read: a heading, a table of the submitted fields, and the files
 * (attached, or linked when they did not fit the mail). Shared by the demo request, the contact message and
 * the idea, so every form's mail looks the same and escapes the visitor's text the same way.
 *
 * Everything a visitor typed is untrusted: HTML is escaped in the HTML part, and anything that goes into a
 * header (subject, attachment names) is squeezed onto one line by `headerText`, the one header sanitiser (the SES
 * adapter, lambdas/adapters/ses-mail.ts, applies it again to every header it sends).
 */
import type { MailFiles } from './attachments';

export type MailField = readonly [label: string, value: string];

interface SupportMailInput {
  readonly heading: string;
  readonly fields: readonly MailField[];
  readonly files?: MailFiles;
  /** A closing line, e.g. how to answer the visitor. */
  readonly footer?: string;
}

interface RenderedMail {
  readonly text: string;
  readonly html: string;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/**
 * A value that will sit in a mail header (subject, file name): control characters and line breaks become
 * spaces, so "Ann\r\nBcc: someone" can never start a header of its own; long values are cut.
 */
export function headerText(value: string, max = 200): string {
  const flat = value
    // oxlint-disable-next-line no-control-regex -- matching control characters is the point
    .replace(/[\u0000-\u001f\u007f\u0085\u2028\u2029]+/g, ' ')
    .replace(/\s{2,}/g, ' ')
    .trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Only http(s) links are rendered as links; anything else would be a way to smuggle `javascript:` in. */
function safeHref(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.toString() : undefined;
  } catch {
    return undefined;
  }
}

function htmlMultiline(value: string): string {
  return escapeHtml(value).replace(/\r\n|\r|\n/g, '<br>');
}

export function renderSupportMail(input: SupportMailInput): RenderedMail {
  const attachments = input.files?.attachments ?? [];
  const links = input.files?.links ?? [];
  const fields = input.fields.map(([label, value]) => [label, value === '' ? '-' : value] as const);

  const text: string[] = [input.heading, ''];
  for (const [label, value] of fields) {
    text.push(value.includes('\n') ? `${label}:\n${value.replace(/^/gm, '  ')}` : `${label}: ${value}`);
  }
  if (attachments.length > 0 || links.length > 0) {
    text.push('', 'Files:');
    for (const a of attachments) text.push(`  - ${a.name} (${formatBytes(a.content.byteLength)}, attached)`);
    for (const l of links) text.push(`  - ${l.name} (${formatBytes(l.size)}, too large to attach; link valid 7 days): ${l.url}`);
  }
  if (input.footer) text.push('', input.footer);

  const cell = 'padding:6px 12px;border:1px solid #d3dae6;vertical-align:top;text-align:left';
  const rows = fields
    .map(([label, value]) => `<tr><th scope="row" style="${cell};background:#eef2f8">${escapeHtml(label)}</th><td style="${cell}">${htmlMultiline(value)}</td></tr>`)
    .join('');
  const fileItems = [
    ...attachments.map((a) => `<li>${escapeHtml(a.name)} (${formatBytes(a.content.byteLength)}, attached)</li>`),
    ...links.map((l) => {
      const href = safeHref(l.url);
      const name = escapeHtml(l.name);
      const label = href ? `<a href="${escapeHtml(href)}">${name}</a>` : name;
      return `<li>${label} (${formatBytes(l.size)}, too large to attach; link valid 7 days)</li>`;
    }),
  ];
  const html = [
    '<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a">',
    `<h1 style="font-size:20px">${escapeHtml(input.heading)}</h1>`,
    `<table style="border-collapse:collapse">${rows}</table>`,
    fileItems.length > 0 ? `<h2 style="font-size:16px">Files</h2><ul>${fileItems.join('')}</ul>` : '',
    input.footer ? `<p>${htmlMultiline(input.footer)}</p>` : '',
    '</body></html>',
  ].join('');

  return { text: text.join('\n'), html };
}

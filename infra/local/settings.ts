/**
 * Operator settings for the local stack: `settings` passed in code (tests) win, then the process environment,
 * then a `.env` file, then each setting's `localDefault` from shared/deployment/settings.ts. `{webhookInbox}` in a value is
 * replaced by the local webhook inbox's URL, so by default ideas are delivered to the inbox a person can look at.
 */
import { existsSync, readFileSync } from 'node:fs';
import { settings, type SettingName } from '@shared/deployment/settings';

/** KEY=VALUE lines; `#` comments, optional `export `, single or double quotes (double quotes understand \n). */
export function parseDotEnv(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rawLine of text.split(/\r?\n/)) {
    const line = rawLine.trim();
    if (!line || line.startsWith('#')) continue;
    const match = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(line);
    if (!match) continue;
    const key = match[1] as string;
    let value = match[2] as string;
    const quote = value[0];
    if ((quote === '"' || quote === "'") && value.length > 1 && value.endsWith(quote)) {
      value = value.slice(1, -1);
      if (quote === '"') value = value.replace(/\\n/g, '\n').replace(/\\"/g, '"');
    } else {
      // An unquoted value ends at a ` #` comment.
      value = value.replace(/\s+#.*$/, '').trim();
    }
    out[key] = value;
  }
  return out;
}

export function readDotEnv(file: string): Record<string, string> {
  return existsSync(file) ? parseDotEnv(readFileSync(file, 'utf8')) : {};
}

interface SettingSources {
  explicit?: Partial<Record<SettingName, string>>;
  env?: Record<string, string | undefined>;
  dotEnv?: Record<string, string>;
  webhookInboxUrl: string;
  siteUrl: string;
}

export function resolveSettings(sources: SettingSources): Record<SettingName, string> {
  const out = {} as Record<SettingName, string>;
  for (const name of Object.keys(settings) as SettingName[]) {
    let value = sources.explicit?.[name] ?? sources.env?.[name] ?? sources.dotEnv?.[name];
    // The site origin follows the port the site really got (PORT=3001, tests on a free port).
    if (value === undefined && name === 'SITE_ORIGIN') value = sources.siteUrl;
    value ??= settings[name].localDefault;
    out[name] = value.replaceAll('{webhookInbox}', sources.webhookInboxUrl);
  }
  return out;
}

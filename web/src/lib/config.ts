/**
 * The runtime configuration (`/config.json`), loaded once and validated with the shared schema. The schema (and zod
 * with it) is imported when a feature first asks for the configuration, not with this module: the API client imports
 * this module, and a form that only needs the configuration when it is sent should not make its page load and
 * evaluate zod (a third of /contact's blocking time on a slow phone).
 */
import type { RuntimeConfig } from '@shared/contract/runtime-config';
import { fetchConfig } from './config-fetch';

let loaded: Promise<RuntimeConfig> | undefined;

export function loadConfig(): Promise<RuntimeConfig> {
  loaded ??= Promise.all([fetchConfig(), import('@shared/contract/runtime-config')]).then(([raw, { runtimeConfigSchema }]) => runtimeConfigSchema.parse(raw));
  return loaded;
}

/** For tests. */
export function setConfig(config: RuntimeConfig): void {
  loaded = Promise.resolve(config);
}

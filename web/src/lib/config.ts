/** The runtime configuration (`/config.json`), loaded once at start and validated with the shared schema. */
import { runtimeConfigSchema, type RuntimeConfig } from '@shared/contract/runtime-config';
import { fetchConfig } from './config-fetch';

let loaded: Promise<RuntimeConfig> | undefined;

export function loadConfig(): Promise<RuntimeConfig> {
  loaded ??= fetchConfig().then((raw) => runtimeConfigSchema.parse(raw));
  return loaded;
}

/** For tests. */
export function setConfig(config: RuntimeConfig): void {
  loaded = Promise.resolve(config);
}

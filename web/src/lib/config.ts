/** The runtime configuration (`/config.json`), loaded once at start and validated with the shared schema. */
import { runtimeConfigSchema, type RuntimeConfig } from '@shared/contract/runtime-config';

let loaded: Promise<RuntimeConfig> | undefined;
let current: RuntimeConfig | undefined;

export function loadConfig(): Promise<RuntimeConfig> {
  loaded ??= fetch('/config.json', { cache: 'no-store' })
    .then((r) => {
      if (!r.ok) throw new Error(`config.json answered ${r.status}`);
      return r.json();
    })
    .then((raw) => {
      current = runtimeConfigSchema.parse(raw);
      return current;
    });
  return loaded;
}

/** The configuration once loaded (API calls wait for `loadConfig()` themselves). */
export function getConfig(): RuntimeConfig | undefined {
  return current;
}

/** For tests. */
export function setConfig(config: RuntimeConfig): void {
  current = config;
  loaded = Promise.resolve(config);
}

/** The runtime configuration (`/config.json`), loaded once at start and validated with the shared schema. */
import { runtimeConfigSchema, type RuntimeConfig } from '@shared/contract/runtime-config';

let loaded: Promise<RuntimeConfig> | undefined;

export function loadConfig(): Promise<RuntimeConfig> {
  loaded ??= fetch('/config.json', { cache: 'no-store' })
    .then((r) => {
      if (!r.ok) throw new Error(`config.json answered ${r.status}`);
      return r.json();
    })
    .then((raw) => runtimeConfigSchema.parse(raw));
  return loaded;
}

/** For tests. */
export function setConfig(config: RuntimeConfig): void {
  loaded = Promise.resolve(config);
}

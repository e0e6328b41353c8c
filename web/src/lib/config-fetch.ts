/**
 * `/config.json` as the server sent it, fetched once. Apart from lib/config.ts (which validates it) so that a page
 * can start the request early, when the browser is idle, without loading the schema's code (zod) with it.
 */
let fetched: Promise<unknown> | undefined;

export function fetchConfig(): Promise<unknown> {
  fetched ??= fetch('/config.json', { cache: 'no-store' }).then((r) => {
    if (!r.ok) throw new Error(`config.json answered ${r.status}`);
    return r.json() as Promise<unknown>;
  });
  return fetched;
}

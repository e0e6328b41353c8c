/** Reading and writing the form's answers by the dotted path its inputs carry (`business.name`, `offerings.0.price`). */

export function getAt(value: unknown, path: string): unknown {
  let at: unknown = value;
  for (const key of path.split('.')) {
    if (typeof at !== 'object' || at === null) return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}

/** A copy of `value` with `next` at `path` (objects and arrays along the path copied, the rest shared). */
export function setAt<T>(value: T, path: string, next: unknown): T {
  const [key, ...rest] = path.split('.') as [string, ...string[]];
  const container: unknown = value ?? (/^\d+$/.test(key) ? [] : {});
  const copy = Array.isArray(container) ? [...(container as unknown[])] : { ...(container as Record<string, unknown>) };
  const current = (copy as Record<string, unknown>)[key];
  (copy as Record<string, unknown>)[key] = rest.length === 0 ? next : setAt(current, rest.join('.'), next);
  return copy as T;
}

/**
 * A form's validation loaded on first need (web/src/components/form/lazy-resolver.ts): nothing at render, the
 * first focus inside the form starts the import once, a submit validates with the loaded schema, and a form whose
 * validation code cannot be loaded still sends (the API validates with the same schema).
 */
import { describe, expect, it, vi } from 'vitest';
import type { Resolver } from 'react-hook-form';
import { lazyResolver } from '../../../../../../web/src/components/form/lazy-resolver';

type Values = { name: string };
const options = { fields: {}, shouldUseNativeValidation: false } as Parameters<Resolver<Values>>[2];
const refusing: Resolver<Values, unknown, Values> = async () => ({ values: {}, errors: { name: { type: 'too_small', message: 'Name must be at least 2 characters.' } } });

describe('lazyResolver', () => {
  it('loads nothing until the visitor focuses the form, then loads once, however often the focus comes back', async () => {
    const load = vi.fn<() => Promise<Resolver<Values, unknown, Values>>>(async () => refusing);
    const { loadOnFocus } = lazyResolver(load);
    const form = new EventTarget();
    const detach = loadOnFocus(form as HTMLFormElement);
    expect(load).not.toHaveBeenCalled();
    form.dispatchEvent(new Event('focusin'));
    form.dispatchEvent(new Event('focusin'));
    expect(load).toHaveBeenCalledTimes(1);
    detach?.();
  });

  it('validates a submit with the loaded schema, loading it then if nothing was focused before', async () => {
    const load = vi.fn<() => Promise<Resolver<Values, unknown, Values>>>(async () => refusing);
    const { resolver } = lazyResolver(load);
    const first = await resolver({ name: 'A' }, undefined, options);
    const second = await resolver({ name: 'B' }, undefined, options);
    expect(first.errors).toEqual({ name: { type: 'too_small', message: 'Name must be at least 2 characters.' } });
    expect(second.errors).toEqual(first.errors);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again at the submit when loading at the focus failed, and passes the values on when that fails too', async () => {
    const offline = new TypeError('Failed to fetch dynamically imported module');
    const load = vi.fn<() => Promise<Resolver<Values, unknown, Values>>>().mockRejectedValueOnce(offline).mockRejectedValueOnce(offline).mockResolvedValue(refusing);
    const { resolver, loadOnFocus } = lazyResolver(load);
    const form = new EventTarget();
    loadOnFocus(form as HTMLFormElement);
    form.dispatchEvent(new Event('focusin')); // fails; not an unhandled rejection
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await resolver({ name: 'A' }, undefined, options)).toEqual({ values: { name: 'A' }, errors: {} });
    expect(load).toHaveBeenCalledTimes(2);
    expect((await resolver({ name: 'A' }, undefined, options)).errors).toHaveProperty('name');
    expect(load).toHaveBeenCalledTimes(3);
  });
});

/**
 * Screens whose code loads on demand (see ./index.tsx for why the route table does this itself rather than
 * through react-router's data router).
 */
import { createElement, use, type ComponentType } from 'react';

export type PageModule = { default: ComponentType };

/** A screen whose code loads on demand. Once `preload()` has settled it renders synchronously. */
export type Screen = ComponentType & { preload?: () => Promise<void> };

/**
 * Renders the loaded screen at once when its code is already there (hydration must equal the prerendered
 * HTML, with no fallback in between), else suspends until it is: client navigations run in a transition, so
 * the previous screen stays until then. A failed load throws to the error boundary; like the data router's
 * `lazy`, the failure is kept until the next full page load (which also picks up a newly deployed version).
 */
export function lazyScreen(load: () => Promise<PageModule>): Screen {
  let loaded: ComponentType | undefined;
  let failure: { error: unknown } | undefined;
  let loading: Promise<ComponentType> | undefined;
  const get = () =>
    (loading ??= load().then(
      (module) => (loaded = module.default),
      (error: unknown) => {
        failure = { error };
        throw error;
      },
    ));
  function LazyScreen() {
    if (failure) throw failure.error;
    return createElement(loaded ?? use(get()));
  }
  return Object.assign(LazyScreen, { preload: () => get().then(() => undefined, () => undefined) });
}


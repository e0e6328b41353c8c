/**
 * Prerender entry (built with `vite build --ssr`, used by web/scripts/prerender.ts): renders one URL of the app
 * to HTML, waiting for its lazy screen and lazy components so the page arrives complete.
 */
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { App } from './App';
import type { PageMeta } from './head';
import { layoutModules, routeOf } from './routes';

export { headTags } from './head-tags';

export interface Rendered {
  html: string;
  meta: PageMeta;
  /** Source modules (relative to web/) of the page's lazily loaded screen: CSS in <head>, JS preloaded. */
  routeModules: string[];
  /** Source modules rendered lazily around every screen (the header's account links): CSS in <head>. */
  lazyModules: string[];
}

async function readAll(stream: AsyncIterable<unknown>): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

export async function render(path: string): Promise<Rendered> {
  const route = routeOf(new URL(path, 'http://prerender.invalid').pathname);
  await route.Component.preload?.();
  const errors: unknown[] = [];
  // Server rendering has no error boundaries: whatever would show the error page in the browser lands here.
  const { prelude } = await prerenderToNodeStream(
    <StaticRouter location={path}>
      <App />
    </StaticRouter>,
    {
      // Without this React 19.2+ may leave large sections for a later client frame.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onError: (error) => {
        errors.push(error);
      },
    },
  );
  const html = await readAll(prelude);
  if (errors.length > 0) throw new AggregateError(errors, `rendering ${path} failed`);
  if (html.includes('Unexpected Application Error!')) throw new Error(`${path} rendered the error page`);
  return { html, meta: route.handle.meta, routeModules: [...(route.handle.modules ?? [])], lazyModules: [...layoutModules] };
}

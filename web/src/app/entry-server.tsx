/**
 * Prerender entry (built with `vite build --ssr`, used by web/scripts/prerender.ts): renders one URL of the app to
 * HTML with react-router's static data router over the app's route table, which loads the route's lazy screen first,
 * so the page arrives complete.
 */
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import type { PageMeta } from './head';
import { layoutModules, routes, type RouteHandle } from './routes';

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

const handler = createStaticHandler(routes);

export async function render(path: string): Promise<Rendered> {
  const context = await handler.query(new Request(new URL(path, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`${path} answered a redirect (${context.status})`);
  if (context.errors) throw new AggregateError(Object.values(context.errors), `loading ${path} failed`);
  const handle = context.matches.at(-1)?.route.handle as RouteHandle | undefined;
  if (!handle) throw new Error(`${path} matched no screen`);
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    // No hydration data in the page: the routes load no data, and the browser's router starts from the URL.
    <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />,
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
  return { html, meta: handle.meta, routeModules: [handle.module], lazyModules: [...layoutModules] };
}

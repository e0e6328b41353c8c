/**
 * Prerender entry (built with `vite build --ssr`, used by web/scripts/prerender.ts): renders one URL of the app
 * to HTML, waiting for every lazy route and component so the page arrives complete.
 */
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { notFoundMeta, type PageMeta } from './head';
import { layoutModules, routes, type RouteHandle } from './routes';

export { headTags } from './head';

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
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`${path} answered a redirect (${context.status})`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(<StaticRouterProvider router={router} context={context} hydrate={false} />, {
    // Without this React 19.2+ may leave large sections for a later client frame.
    progressiveChunkSize: Number.MAX_SAFE_INTEGER,
    onError: (error) => {
      errors.push(error);
    },
  });
  const html = await readAll(prelude);
  if (errors.length > 0) throw new AggregateError(errors, `rendering ${path} failed`);
  if (context.errors) throw new Error(`${path} rendered the error page: ${JSON.stringify(context.errors)}`);
  const handles = context.matches.map((m) => m.route.handle as RouteHandle | undefined).filter((h) => h !== undefined);
  const meta = handles.at(-1)?.meta ?? notFoundMeta;
  return { html, meta, routeModules: handles.flatMap((h) => h.modules ?? []), lazyModules: [...layoutModules] };
}

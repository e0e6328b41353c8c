/**
 * Vite for the web app: `web/` is the root, the client build goes to web/dist (with a manifest the prerender
 * script reads and then deletes), the prerender bundle (`--ssr src/app/entry-server.tsx`) to web/dist-ssr.
 * `npm run build:web` (web/scripts/build.ts) runs both builds, prerenders, and writes the SEO and CSP files.
 *
 * The client build is tuned for the Home page's JavaScript budget (issue 3: <= 90 KB gzip before interactive,
 * measured by `npm run bench:web`); each step below says what it saved when measured.
 */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

// One value for the client and the prerender bundle, so the footer's year hydrates without a mismatch.
process.env.VITE_BUILD_YEAR ??= String(new Date().getFullYear());

/**
 * react-router's package exports only its development build, which logs dev warnings in production
 * (remix-run/react-router#14102); its own production build sits beside it. Saved 0.4 KB gzip.
 */
const reactRouterProduction = fileURLToPath(new URL('../node_modules/react-router/dist/production/index.mjs', import.meta.url));

/**
 * react-router creates its components with unannotated `React.forwardRef(...)` calls and sets `displayName`
 * at the top level, so bundlers must keep every one of them (its <Form> with the data router's submission code)
 * even when unused. This marks those calls pure and drops the DevTools-only names, as the pending upstream
 * change does (remix-run/react-router#15299). Saved 1.2 KB gzip. Warns if a react-router upgrade changes the
 * code's shape (the bench then shows what is lost).
 */
function treeShakeableReactRouter(): Plugin {
  return {
    name: 'tree-shakeable-react-router',
    apply: 'build',
    transform: {
      filter: { id: /react-router[\\/]dist[\\/]production[\\/]chunk-[\w-]+\.mjs$/ },
      handler(code, id) {
        let annotated = 0;
        const out = code
          .replace(/^(var \w+ = )(React\d*\.(?:forwardRef|memo|createContext)\()/gm, (_, declaration: string, call: string) => {
            annotated++;
            return `${declaration}/* @__PURE__ */ ${call}`;
          })
          .replace(/^\w+\.displayName = "[^"\n]*";$/gm, '');
        if (annotated === 0 && /forwardRef\(/.test(code)) this.warn(`no react-router component calls were annotated in ${id}`);
        return { code: out, map: null };
      },
    },
  };
}

/**
 * react-router's <Link> (which <NavLink> renders too) ends in
 * `shouldPrefetch && !isAbsolute ? <>{link}<PrefetchPageLinks/></> : link`. <PrefetchPageLinks> is framework mode's
 * prefetching (route manifests, loader data, RSC payloads: 6 KB minified, in the entry because the header's and
 * footer's links are). `shouldPrefetch` can only be true inside framework mode's FrameworkContext (without it
 * usePrefetchBehavior answers false), which the declarative routers this app renders (<BrowserRouter>,
 * <StaticRouter>) never provide: every Link here renders `link`. Returning it directly lets the bundler drop the rest;
 * the hook still runs, so a Link renders and behaves as before. Applied only while both halves of that reasoning are
 * in the code; warns otherwise (a react-router upgrade changed it). Saved 1.5 KB gzip.
 */
function reactRouterLinksWithoutFrameworkPrefetch(): Plugin {
  const prefetchingReturn = /return shouldPrefetch && !isAbsolute \? .+ : link;/;
  const answersFalseOutsideFrameworkMode = /if \(!frameworkContext\) \{\s*return \[false, ref, \{\}\];/;
  return {
    name: 'react-router-links-without-framework-prefetch',
    apply: 'build',
    transform: {
      filter: { id: /react-router[\\/]dist[\\/]production[\\/]chunk-[\w-]+\.mjs$/ },
      handler(code, id) {
        if (!/^var Link = /m.test(code)) return null;
        if (!prefetchingReturn.test(code) || !answersFalseOutsideFrameworkMode.test(code)) {
          this.warn(`react-router's <Link> has changed in ${id}: its framework-mode prefetching stays in the bundle`);
          return null;
        }
        return { code: code.replace(prefetchingReturn, 'return link;'), map: null };
      },
    },
  };
}

/**
 * V8 compiles a function the first time it is called, on the main thread, unless its file asks for all of its
 * functions up front (`//# allFunctionsCalledOnLoad`, Chrome 136+, a comment elsewhere). React's client is one
 * function that rolldown wraps around the CommonJS module, so without the hint its whole body (200 KB minified) was
 * compiled on the main thread in the middle of the evaluation of the entry; with it, the compilation comes first, and
 * the evaluation task measured about a quarter shorter. Marked: the entry only, whose code nearly all runs as a page
 * starts. Libraries of which a page calls little (zod, the form library, Amplify) stay lazy: marked, zod's chunk cost
 * 15 ms of main-thread compilation on /contact for functions that never run.
 */
function compileHints(): Plugin {
  return {
    name: 'compile-hints',
    apply: 'build',
    // After minification (which drops comments) and after Vite has put its preload map at the top, so after the file
    // names were hashed: the comment changes no behaviour, and a cached copy without it works the same. Sourcemaps
    // are off in this build (a map would be one line out).
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || !chunk.isEntry) continue;
          chunk.code = `//# allFunctionsCalledOnLoad\n${chunk.code}`;
        }
      },
    },
  };
}

export default defineConfig(({ command, mode, isSsrBuild }) => {
  // A production build is a production build whoever starts it: `npm start` runs `npm run build:web` from the
  // process of Vite's dev server, which has set NODE_ENV=development, and Vite keeps an inherited NODE_ENV
  // (React's development build: jsxDEV, twice the bytes). Vite reads NODE_ENV after loading this file, and so
  // does the React the prerender imports later in the same process.
  if (command === 'build' && mode === 'production') process.env.NODE_ENV = 'production';
  return {
    root: webRoot,
    plugins: [react(), ...(isSsrBuild ? [] : [treeShakeableReactRouter(), reactRouterLinksWithoutFrameworkPrefetch(), compileHints()])],
    // `@shared/...` comes from tsconfig.json's paths, the one place the alias is defined.
    resolve: {
      tsconfigPaths: true,
      ...(isSsrBuild ? {} : { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] }),
    },
    server: {
      // shared/ lives beside web/.
      fs: { allow: [repoRoot] },
    },
    build: {
      outDir: isSsrBuild ? 'dist-ssr' : 'dist',
      emptyOutDir: true,
      manifest: !isSsrBuild,
      sourcemap: false,
      // Keep small SVGs as files: the hero image must be a real (cache-busted) request.
      assetsInlineLimit: 0,
      // Every browser the site supports knows <link rel="modulepreload">: skip the polyfill's bytes.
      modulePreload: { polyfill: false },
      rolldownOptions: isSsrBuild
        ? {}
        : {
            output: {
              codeSplitting: {
                groups: [
                  // Everything the entry loads in one file (by default React came as a separate chunk).
                  { name: 'shell', tags: ['$initial'] },
                  // The marketing pages' shared content and components in one chunk instead of four small ones.
                  { name: 'marketing', test: /[\\/]src[\\/]features[\\/]marketing[\\/](content\.ts|components[\\/])/ },
                ],
              },
            },
          },
    },
  };
});

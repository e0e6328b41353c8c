/**
 * Vite for the web app: `web/` is the root, the client build goes to web/dist (with a manifest the prerender
 * script reads and then deletes), the prerender bundle (`--ssr src/app/entry-server.tsx`) to web/dist-ssr.
 * `npm run build:web` (web/scripts/build.ts) runs both builds, prerenders, and writes the SEO and CSP files.
 */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

// One value for the client and the prerender bundle, so the footer's year hydrates without a mismatch.
process.env.VITE_BUILD_YEAR ??= String(new Date().getFullYear());

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
    plugins: [react(), ...(isSsrBuild ? [] : [compileHints()])],
    // `@shared/...` comes from tsconfig.json's paths, the one place the alias is defined.
    resolve: {
      tsconfigPaths: true,
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

/**
 * Vite for the web app: `web/` is the root, the client build goes to web/dist (with a manifest the prerender
 * script reads and then deletes), the prerender bundle (`--ssr src/app/entry-server.tsx`) to web/dist-ssr.
 * `npm run build:web` (web/scripts/build.ts) runs both builds, prerenders, and writes the SEO and CSP files.
 */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

// One value for the client and the prerender bundle, so the footer's year hydrates without a mismatch.
process.env.VITE_BUILD_YEAR ??= String(new Date().getFullYear());

export default defineConfig(({ command, mode, isSsrBuild }) => {
  // A production build is a production build whoever starts it: `npm start` runs `npm run build:web` from the
  // process of Vite's dev server, which has set NODE_ENV=development, and Vite keeps an inherited NODE_ENV
  // (React's development build: jsxDEV, twice the bytes). Vite reads NODE_ENV after loading this file, and so
  // does the React the prerender imports later in the same process.
  if (command === 'build' && mode === 'production') process.env.NODE_ENV = 'production';
  return {
    root: webRoot,
    plugins: [react()],
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
                  // The marketing pages' shared content, components and hero image in one chunk instead of several
                  // small ones; only those modules (the shared content they import keeps its own chunk, so the
                  // marketplace, which shares the services package with them, does not load the marketing pages' parts).
                  { name: 'marketing', test: /[\\/]src[\\/]features[\\/]marketing[\\/](content\.ts|components[\\/]|assets[\\/])/, includeDependenciesRecursively: false },
                ],
              },
            },
          },
    },
  };
});

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

export default defineConfig(({ isSsrBuild }) => ({
  root: webRoot,
  plugins: [react()],
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
  },
}));

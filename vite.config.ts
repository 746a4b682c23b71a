import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompressAssets } from './server/modules/seo/client-assets.js';

const root = path.resolve(import.meta.dirname);

/**
 * The modules of the app-shell chunk (the entry chunk), each with everything it imports: the entry
 * itself (React, the router, the query client, the compare tray...) and the pieces most public pages
 * show. Without it rolldown gives every set of modules that the entry shares with some pages a small
 * file of its own instead of folding them into the entry (rolldown issue 9963), and the home page's
 * first load was two dozen files, ~5 KB of it gzip overhead (decision 0011, "JavaScript budget").
 * Every page loads what is listed here, the back office too: add only what most public pages show.
 */
const APP_SHELL_MODULES = new Set(
  [
    'client/main.tsx',
    'client/components/layout/site-nav.tsx',
    'client/components/layout/site-footer.tsx',
    'client/components/ui/load-error.tsx',
    'client/components/compare/compare-toggle.tsx',
    'client/components/app-stats.tsx',
    'client/components/app-freshness.tsx',
    'client/lib/api-client.ts',
    'client/lib/query-keys.ts',
    'client/lib/use-document-title.ts',
    'client/lib/use-image-failure.ts',
    'client/lib/category-icon.ts',
    'shared/format.ts',
    'shared/slug.ts',
    'shared/browse-paths.ts',
    'shared/tool-pages.ts',
    'node_modules/@tanstack/react-query/build/modern/useQuery.js',
    'node_modules/lucide-react/dist/esm/icons/arrow-left.mjs',
    'node_modules/lucide-react/dist/esm/icons/arrow-right.mjs',
    'node_modules/lucide-react/dist/esm/icons/loader-circle.mjs',
  ].map((file) => path.join(root, file)),
);

/** Writes the .br and .gz siblings of the built assets, so the server sends them precompressed from its first request. */
function precompress(outDir: string): Plugin {
  return {
    name: 'aitlas-precompress',
    apply: 'build',
    async closeBundle() {
      await precompressAssets(path.join(outDir, 'assets'), (error) => {
        throw error;
      });
    },
  };
}

// `vite build` builds the browser's bundles; `vite build --ssr entry-server.tsx` the server renderer
// (dist/server), which imports the same components and leaves the packages to node_modules.
export default defineConfig(({ isSsrBuild }) => ({
  root: path.join(root, 'client'),
  publicDir: path.join(root, 'client/public'),
  plugins: [react(), tailwindcss(), ...(isSsrBuild ? [] : [precompress(path.join(root, 'dist/client'))])],
  resolve: {
    alias: {
      '@shared': path.join(root, 'shared'),
      '@client': path.join(root, 'client'),
      // wouter's fallback for React < 18: React 19 has the hook itself.
      ...(isSsrBuild
        ? {}
        : { 'use-sync-external-store/shim/index.js': path.join(root, 'client/lib/use-sync-external-store.ts') }),
    },
  },
  build: {
    outDir: path.join(root, isSsrBuild ? 'dist/server' : 'dist/client'),
    emptyOutDir: true,
    // The favicon and friends belong to the browser's build only.
    copyPublicDir: !isSsrBuild,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    // A browser without <link rel="modulepreload"> (Safari < 17, Firefox < 115) loads the same
    // modules, only later: the polyfill is not worth its place in every first load.
    // The back office's chunks are not preloaded by the public pages' dynamic imports: their names
    // would weigh on every public first load (the preload map lives in the app-shell chunk), and the
    // admin area loads them itself when it opens.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (filename, deps) => (/(^|\/)(admin-page|app-edit-page)-/.test(filename) ? [] : deps),
    },
    rolldownOptions: isSsrBuild
      ? {}
      : { output: { codeSplitting: { groups: [{ name: 'app-shell', test: (id: string) => APP_SHELL_MODULES.has(id) }] } } },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/ws': { target: 'ws://127.0.0.1:3000', ws: true },
      '/sitemap.xml': 'http://127.0.0.1:3000',
      '/robots.txt': 'http://127.0.0.1:3000',
    },
  },
}));

import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompressAssets } from './server/modules/seo/client-assets';

const root = path.resolve(import.meta.dirname);

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
    },
  },
  build: {
    outDir: path.join(root, isSsrBuild ? 'dist/server' : 'dist/client'),
    emptyOutDir: true,
    // The favicon and friends belong to the browser's build only.
    copyPublicDir: !isSsrBuild,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
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

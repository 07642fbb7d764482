import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { VitePWA } from 'vite-plugin-pwa';
import { fileURLToPath } from 'node:url';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * Writes `.br` and `.gz` beside every built script, stylesheet and SVG from 1 KB up, so the server
 * sends them as they are (best compression, no CPU per request).
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'trilha-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const assets = path.join(outDir, 'assets');
      const files = (await readdir(assets)).filter((f) => /\.(js|css|svg)$/.test(f));
      await Promise.all(
        files.map(async (f) => {
          const data = await readFile(path.join(assets, f));
          if (data.length < 1024) return;
          await writeFile(path.join(assets, `${f}.br`), await brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
          await writeFile(path.join(assets, `${f}.gz`), await gz(data, { level: 9 }));
        }),
      );
    },
  };
}

export default defineConfig({
  root: 'src/web',
  plugins: [
    // JSX only: the app runs on Preact (see the aliases below and ADR 021), which React Fast Refresh cannot patch.
    react({ refreshExclude: /./ }),
    tailwindcss(),
    precompress(),
    // Installable app; the service worker precaches the built shell so the roll call opens offline
    // (its data comes from IndexedDB, see features/meetings/offline). Of the API, only what the roll
    // call needs to open offline is kept (the session, the clubs, the meetings and their sheets),
    // network first: online, the server always answers.
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: false,
      includeAssets: ['favicon.svg'],
      manifest: {
        name: 'Trilha — gestão de clubes',
        short_name: 'Trilha',
        description: 'Clubes de Desbravadores: reuniões, chamada, tarefas, pontos e rankings.',
        lang: 'pt-BR',
        start_url: '/dashboard',
        scope: '/',
        display: 'standalone',
        background_color: '#f8fafc',
        theme_color: '#047857',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/uploads\//],
        clientsClaim: true,
        skipWaiting: true,
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        runtimeCaching: [
          {
            urlPattern: ({ url, request }) =>
              request.method === 'GET' &&
              (url.pathname === '/api/auth/me' || /^\/api\/clubs(\/[0-9a-f-]{36}(\/meetings(\/permissions|\/[0-9a-f-]{36}\/attendance)?)?)?$/.test(url.pathname)),
            handler: 'NetworkFirst',
            options: {
              cacheName: 'trilha-roll-call-api', // OFFLINE_API_CACHE in features/meetings/offline
              networkTimeoutSeconds: 5,
              expiration: { maxEntries: 60, maxAgeSeconds: 3 * 24 * 3600 },
              cacheableResponse: { statuses: [200] },
            },
          },
        ],
      },
    }),
  ],
  resolve: {
    alias: [
      { find: '@shared', replacement: fileURLToPath(new URL('./src/shared', import.meta.url)) },
      { find: '@web', replacement: fileURLToPath(new URL('./src/web', import.meta.url)) },
      // Preact's React layer instead of React DOM (about 55 KB gzip less on every page; ADR 021). The
      // code and its libraries keep importing 'react'; e2e/ exercises the whole app on this runtime.
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react$/, replacement: 'preact/compat' },
    ],
  },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    chunkSizeWarningLimit: 900,
  },
  server: { proxy: { '/api': 'http://localhost:3000', '/uploads': 'http://localhost:3000' } },
});

import { createServer, defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { VitePWA } from 'vite-plugin-pwa';
import { fileURLToPath } from 'node:url';
import type { ChunkingContext, ModuleInfo } from 'rolldown';
import { OFFLINE_API_CACHE, ROLL_CALL_API_PATTERN } from './src/web/lib/offline/roll-call-api';
import { FIRST_PAINT_ID } from './src/web/lib/first-paint';

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

/**
 * `shell.html`: index.html plus a `modulepreload` of the signed-in shell's chunk and what it imports.
 * The server sends it for /dashboard and /superadmin, so a phone opening the app fetches the shell
 * beside the entry instead of after running it (one round trip less before the panel).
 */
function shellPage(): Plugin {
  let outDir = '';
  return {
    name: 'trilha-shell-page',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const shell = chunks.find((c) => c.name === 'app-layout');
      if (!shell) throw new Error('vite.config.ts: the app-layout chunk is missing, so shell.html cannot preload it');
      const files = new Set<string>();
      const add = (file: string) => {
        if (files.has(file)) return;
        files.add(file);
        for (const dep of chunks.find((c) => c.fileName === file)?.imports ?? []) add(dep);
      };
      add(shell.fileName);
      const html = await readFile(path.join(outDir, 'index.html'), 'utf8');
      const links = [...files].filter((f) => !html.includes(`/${f}"`)).map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`);
      if (!html.includes('</head>')) throw new Error('vite.config.ts: index.html has no </head> for the shell preloads');
      await writeFile(path.join(outDir, 'shell.html'), html.replace('</head>', `${links.join('\n')}\n</head>`));
    },
  };
}

const ALIASES = [
  { find: '@shared', replacement: fileURLToPath(new URL('./src/shared', import.meta.url)) },
  { find: '@web', replacement: fileURLToPath(new URL('./src/web', import.meta.url)) },
];

/**
 * `login.html`: index.html with the login form already rendered beside `#root`, so a phone paints it
 * when the stylesheet arrives rather than after the scripts (`src/web/lib/first-paint.ts`), and with the
 * app's entry imported at the first touch, key or focus (ADR 093). The server sends it for /login. The page is rendered here with the app's own components, in Vite's SSR loader.
 */
function firstPaintPages(): Plugin {
  let outDir = '';
  let root = '';
  return {
    name: 'trilha-first-paint-pages',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      const html = await readFile(path.join(outDir, 'index.html'), 'utf8');
      const emptyRoot = '<div id="root"></div>';
      if (!html.includes(emptyRoot)) throw new Error('vite.config.ts: index.html has no empty #root to put the first paint beside');
      // The app's entry waits for the first touch, key or focus (ADR 093, public/load-on-intent.js).
      const entryTag = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/;
      const entry = entryTag.exec(html);
      if (!entry) throw new Error('vite.config.ts: index.html has no entry script for the first-paint pages to hold back');
      const held = html.replace(entry[0], `<script type="module" src="/load-on-intent.js" data-entry="${entry[1]}"></script>`);
      const loader = await createServer({
        configFile: false,
        root,
        logLevel: 'error',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false },
        resolve: { alias: ALIASES },
        plugins: [react()],
      });
      try {
        const pages = (await loader.ssrLoadModule('/app/first-paint-pages.tsx')) as typeof import('./src/web/app/first-paint-pages');
        for (const page of pages.FIRST_PAINT_PAGES) {
          const markup = pages.renderFirstPaint(page.path);
          await writeFile(path.join(outDir, page.file), held.replace(emptyRoot, `<div id="${FIRST_PAINT_ID}">${markup}</div>${emptyRoot}`));
        }
      } finally {
        await loader.close();
      }
    },
  };
}

/**
 * Asks for the stylesheet before the scripts (Vite writes it after them): the first paint needs only it,
 * and a phone gets its 10 KB before the entry's 100 KB instead of after.
 */
function stylesheetFirst(): Plugin {
  return {
    name: 'trilha-stylesheet-first',
    apply: 'build',
    transformIndexHtml: {
      // After Vite has written the entry's script and stylesheet tags.
      order: 'post',
      handler(html) {
        const stylesheets = html.match(/\s*<link rel="stylesheet"[^>]*>/g) ?? [];
        let out = html;
        for (const link of stylesheets) out = out.replace(link, '');
        const at = out.indexOf('<script');
        if (stylesheets.length === 0 || at < 0) throw new Error('vite.config.ts: the built index.html has no stylesheet or no script to order');
        return `${out.slice(0, at)}${stylesheets.map((l) => l.trim()).join('\n    ')}\n    ${out.slice(at)}`;
      },
    },
  };
}

/** A file of src/web named below; a moved or renamed one fails the build instead of quietly splitting the chunks differently. */
const srcWeb = (p: string) => {
  const file = fileURLToPath(new URL(`./src/web/${p}`, import.meta.url));
  if (!existsSync(file)) throw new Error(`vite.config.ts names src/web/${p}, which does not exist`);
  return file;
};
/** What anyone may load first: the entry, /login and the landing page (the 130 KB budget, ADR 029). */
const FIRST_SCREENS = [srcWeb('main.tsx'), srcWeb('features/auth/pages/login-page.tsx'), srcWeb('features/landing/pages/landing-page.tsx')];
/** What a signed-in /dashboard loads on top of them. */
const DASHBOARD_SHELL = [srcWeb('app/layout/app-layout.tsx'), srcWeb('app/routes/club/dashboard.tsx')];
const LUCIDE = fileURLToPath(new URL('./node_modules/lucide-react/dist/esm/', import.meta.url));
const LUCIDE_ICONS = path.join(LUCIDE, 'icons') + path.sep;

/** lucide-react's export names (CheckCircle2, …) → the file of each icon. */
function lucideIconFiles(): Map<string, string> {
  const files = new Map<string, string>();
  const barrel = readFileSync(path.join(LUCIDE, 'lucide-react.mjs'), 'utf8');
  for (const [, names = '', file = ''] of barrel.matchAll(/export \{([^}]*)\} from '\.\/(icons\/[^']+)'/g)) {
    for (const [, name = ''] of names.matchAll(/default as (\w+)/g)) files.set(name, path.join(LUCIDE, file));
  }
  return files;
}

/**
 * The app's own modules the roots run through static imports, and the icon files they import by
 * name. The walk stays out of node_modules: packages import through barrels (lucide, date-fns)
 * whose every re-export would otherwise count as reached.
 */
function reached(roots: string[], info: (id: string) => ModuleInfo | null, icons: Map<string, string>): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    if (seen.has(id) || id.includes('node_modules') || id.startsWith('\0')) continue;
    seen.add(id);
    stack.push(...(info(id)?.importedIds ?? []));
    if (!/\.[jt]sx?$/.test(id)) continue; // stylesheets, assets, virtual modules with a query
    for (const [, names = ''] of readFileSync(id, 'utf8').matchAll(/import \{([^}]*)\} from 'lucide-react'/g)) {
      for (const name of names.split(',')) {
        const file = icons.get(name.replace(/^\s*type\s+/, '').split(/\s+as\s+/)[0]?.trim() ?? '');
        if (file) seen.add(file);
      }
    }
  }
  return seen;
}

/** What the first screens and the panel reach, walked once per build for both chunk rules below. */
let firstAndPanel: { ctx: ChunkingContext; icons: Map<string, string>; first: Set<string>; panel: Set<string> } | undefined;
function firstScreensAndPanel(ctx: ChunkingContext): { icons: Map<string, string>; first: Set<string>; panel: Set<string> } {
  if (firstAndPanel?.ctx !== ctx) {
    const info = (m: string) => ctx.getModuleInfo(m);
    const icons = lucideIconFiles();
    firstAndPanel = { ctx, icons, first: reached(FIRST_SCREENS, info, icons), panel: reached(DASHBOARD_SHELL, info, icons) };
  }
  return firstAndPanel;
}

/**
 * One chunk for what a signed-in /dashboard needs beyond the first screens: the layout, the panel,
 * and the icons, message tables and small components they share with other screens, which Rolldown
 * otherwise gives a file of under 1 KB each (39 requests, six at a time on a phone). Each module
 * stays in exactly one chunk: copying them into their users (`experimentalInlineCommonChunks`)
 * duplicated module state such as the open-dialog list (ADR 021). Nothing the entry, /login or the
 * landing page imports joins it, so those pages never download it.
 */
function dashboardShellChunk(): (id: string, ctx: ChunkingContext) => string | null {
  let shell: Set<string> | undefined;
  return (id, ctx) => {
    if (!shell) {
      const { first, panel } = firstScreensAndPanel(ctx);
      shell = new Set([...panel].filter((m) => !first.has(m)));
    }
    return shell.has(id) ? 'app-layout' : null;
  };
}

/** Source bytes up to which a shared module joins `screens-shared`. */
const SMALL_MODULE_BYTES = 4096;

/** Every module the entry runs, through static imports, packages included: loaded before any screen. */
function staticClosure(root: string, info: (id: string) => ModuleInfo | null): Set<string> {
  const seen = new Set<string>();
  const stack = [root];
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(info(id)?.importedIds ?? []));
  }
  return seen;
}

/**
 * One chunk for the small shared pieces the screens past the panel use: the icons, and the components,
 * helpers and message tables of src/web/components, src/web/lib and src/shared of up to 4 KB that
 * neither the first screens nor the panel load. Left to Rolldown they became some ninety files of
 * under 1.5 KB; the programme screen waited for 45 of them, six at a time on a phone's connection
 * (ADR 088). A module joins only if everything it imports is already loaded by the entry, the first
 * screens or the panel, or joins too: the chunk then imports no screen's chunk, so no two chunks wait
 * on each other while they start. Pages and a domain's own schemas stay in their chunks.
 */
function sharedScreensChunk(): (id: string, ctx: ChunkingContext) => string | null {
  let taken: Set<string> | undefined;
  let loaded: Set<string> | undefined;
  const joins = new Map<string, boolean>();
  const SHARED = [srcWeb('components'), srcWeb('lib'), fileURLToPath(new URL('./src/shared', import.meta.url))];
  const candidate = (id: string) =>
    id.startsWith(LUCIDE_ICONS) || (SHARED.some((dir) => id.startsWith(dir + path.sep)) && /\.[jt]sx?$/.test(id) && statSync(id).size <= SMALL_MODULE_BYTES);
  return (id, ctx) => {
    const info = (m: string) => ctx.getModuleInfo(m);
    if (!taken || !loaded) {
      const { icons, first, panel } = firstScreensAndPanel(ctx);
      // And what /login loads on the form's first touch (its schema): not a shared chunk of 20 KB for it.
      const onTouch = FIRST_SCREENS.flatMap((m) => (m.endsWith('main.tsx') ? [] : [...(info(m)?.dynamicallyImportedIds ?? [])]));
      taken = new Set([...first, ...panel, ...reached(onTouch, info, icons)]);
      loaded = staticClosure(srcWeb('main.tsx'), info);
    }
    const t = taken;
    const l = loaded;
    const joinsGroup = (m: string): boolean => {
      const known = joins.get(m);
      if (known !== undefined) return known;
      if (t.has(m) || !candidate(m)) return false;
      joins.set(m, true); // an import cycle inside the group is fine
      const ok = (info(m)?.importedIds ?? []).every((dep) => t.has(dep) || l.has(dep) || joinsGroup(dep));
      joins.set(m, ok);
      return ok;
    };
    return joinsGroup(id) ? 'screens-shared' : null;
  };
}

export default defineConfig({
  root: 'src/web',
  plugins: [
    // JSX and, in the dev server, React Fast Refresh (ADR 029).
    react(),
    tailwindcss(),
    stylesheetFirst(),
    precompress(),
    shellPage(),
    firstPaintPages(),
    // Installable app; the service worker precaches the built shell so the roll call opens offline
    // (its data comes from IndexedDB, see lib/offline/roll-call-store.ts). Of the API, only what the roll
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
        // Shows Web Push notifications and opens their screen on tap (src/web/public/push-sw.js).
        importScripts: ['push-sw.js'],
        runtimeCaching: [
          {
            // GET only (Workbox's default for a route); the routes are listed beside the app's offline store.
            urlPattern: ROLL_CALL_API_PATTERN,
            handler: 'NetworkFirst',
            options: {
              cacheName: OFFLINE_API_CACHE,
              networkTimeoutSeconds: 5,
              expiration: { maxEntries: 60, maxAgeSeconds: 3 * 24 * 3600 },
              cacheableResponse: { statuses: [200] },
              // The device knows it has no network: the kept copy answers at once instead of after the
              // 5 s timeout (a network read that cannot answer). Online, nothing changes.
              plugins: [
                {
                  requestWillFetch: async ({ request }) => {
                    if ((globalThis as { navigator?: { onLine?: boolean } }).navigator?.onLine === false) throw new Error('offline');
                    return request;
                  },
                },
              ],
            },
          },
        ],
      },
    }),
  ],
  resolve: { alias: ALIASES },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    chunkSizeWarningLimit: 900,
    // Only the captured modules themselves: following their imports would pull in shared code the
    // first screens load from other chunks.
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: dashboardShellChunk(), includeDependenciesRecursively: false }, { name: sharedScreensChunk(), includeDependenciesRecursively: false }] } } },
  },
  server: { proxy: { '/api': 'http://localhost:3000', '/uploads': 'http://localhost:3000' } },
});

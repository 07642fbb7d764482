import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Imports run one way in the web app, as in bulletproof-react: app/ → features/ → lib/ and
 * components/. A feature imports no other feature and nothing of app/; a screen that needs pieces of
 * several features is a route module in app/routes/ that passes them in (ADR 071). The rule is
 * `import-x/no-restricted-paths`, which resolves every import — static, `import type`, re-exports and
 * dynamic `import()` — to a file, so neither an alias nor a lazy import slips past it. Every folder
 * under src/web/features is a feature, so a new one is covered the day it is created.
 */
const WEB = fileURLToPath(new URL('./src/web/', import.meta.url));
const FEATURES_DIR = path.join(WEB, 'features');
const FEATURES = readdirSync(FEATURES_DIR, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const featureMessage = 'A feature imports only lib/, components/ and itself: compose features in app/routes/.';
const webBoundaries = {
  files: ['src/web/**/*.{ts,tsx}'],
  plugins: { 'import-x': importX },
  settings: {
    'import-x/extensions': ['.ts', '.tsx', '.js'],
    'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    'import-x/resolver-next': [createNodeResolver({
      extensions: ['.ts', '.tsx', '.js'],
      extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
      alias: { '@web': [WEB], '@shared': [fileURLToPath(new URL('./src/shared/', import.meta.url))] },
    })],
  },
  rules: {
    'import-x/no-restricted-paths': ['error', {
      zones: [
        ...FEATURES.map((feature) => ({
          target: path.join(FEATURES_DIR, feature),
          from: FEATURES_DIR,
          except: [`./${feature}`],
          message: `${featureMessage} (${feature})`,
        })),
        { target: FEATURES_DIR, from: path.join(WEB, 'app'), message: featureMessage },
      ],
    }],
  },
};

/**
 * The server's layers point down (issues 33 and 44, ADR 082): `core/` (what services stand on:
 * errors, access decisions, throttles, counters, cursors) imports only `db/` and `shared/`; no
 * service or repository imports the HTTP layer (`http/`); only route modules (`routes.ts`,
 * `*-routes.ts`) and a domain's Fastify `plugin.ts` do. No module of src/server is part of an import
 * cycle: `import-x/no-cycle` skips type-only imports, src/server/import-graph.test.ts counts those too.
 */
const SERVER = fileURLToPath(new URL('./src/server/', import.meta.url));
const serverLayers = [
  {
    files: ['src/server/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js'], extensionAlias: { '.js': ['.ts', '.js'] } })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', {
        zones: [
          {
            target: path.join(SERVER, 'core'),
            from: SERVER,
            except: ['./core', './db'],
            message: 'core/ imports only db/ and shared/ (ADR 082).',
          },
          {
            target: path.join(SERVER, '!(http)/**/!(routes|*-routes|plugin|*.test).ts'),
            from: path.join(SERVER, 'http'),
            message: 'A service or repository imports nothing from http/: what it stands on lives in core/ (ADR 082).',
          },
        ],
      }],
    },
  },
];

/**
 * Numbers on screen go through `formatNumber` / `formatMoney` (src/shared/pt-number.ts), not Intl: a
 * page's first Intl number formatter loads ICU's data, 50–70 ms on a desktop and four times that on a
 * phone, inside the first long task of the screen (issue 45). Dates have date-fns; time zones still
 * need Intl.DateTimeFormat, which only the screens that show another zone's hour load.
 */
const noIntlNumbers = {
  files: ['src/web/**/*.{ts,tsx}', 'src/shared/**/*.ts'],
  ignores: ['**/*.test.{ts,tsx}'],
  rules: {
    'no-restricted-syntax': ['error',
      { selector: "MemberExpression[object.name='Intl'][property.name='NumberFormat']", message: 'Use formatNumber or formatMoney (src/shared/pt-number.ts, format-brl.ts): Intl costs a phone 250 ms on first use.' },
      { selector: "CallExpression[callee.property.name='toLocaleString'][arguments.length>0]", message: 'Use formatNumber (src/shared/pt-number.ts): Intl costs a phone 250 ms on first use.' },
    ],
  },
};

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', '.test-data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { files: ['**/*.{js,mjs}'], languageOptions: { globals: globals.node } },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  webBoundaries,
  noIntlNumbers,
  ...serverLayers,
);

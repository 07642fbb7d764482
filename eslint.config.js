import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import { readdirSync } from 'node:fs';

/**
 * Imports run one way in the web app, as in bulletproof-react: app/ → features/ → lib/ and
 * components/. A feature imports no other feature and nothing of app/; a screen that needs pieces of
 * several features is a route module in app/routes/ that passes them in. Every folder under
 * src/web/features is a feature, so a new one is covered the day it is created.
 */
const FEATURES = readdirSync(new URL('./src/web/features/', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const featureBoundaries = FEATURES.map((feature) => {
  const others = FEATURES.filter((f) => f !== feature).join('|');
  const message = `A feature imports only lib/, components/ and itself: compose ${feature} with other features in app/routes/.`;
  return {
    files: [`src/web/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: `^@web/(features/(?!${feature}/)|app/)`, message },
            { regex: `^(\\.\\./)+(${others}|app)(/|$)`, message },
          ],
        },
      ],
    },
  };
});

/**
 * The server's layers point down (issue 33): a repository (SQL only) imports nothing from the HTTP
 * layer, and no module of src/server is part of an import cycle. `import-x/no-cycle` skips type-only
 * imports; src/server/import-graph.test.ts counts those too.
 */
const serverLayers = [
  {
    files: ['src/server/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js'], extensionAlias: { '.js': ['.ts', '.js'] } })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['src/server/**/repo*.ts', 'src/server/**/*-repo.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{
            regex: '(^|/)plugins/',
            message: 'A repository is SQL only: it imports nothing from plugins/ (helpers that take a query runner live in db/).',
          }],
        },
      ],
    },
  },
];

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
  ...featureBoundaries,
  ...serverLayers,
);

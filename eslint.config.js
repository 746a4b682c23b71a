import fs from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The client's feature folders; each gets its own import boundary below. */
const clientFeatures = fs
  .readdirSync(new URL('./client/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The server's modules; each gets a wall round its repositories below (decision 0023). */
const serverModules = fs
  .readdirSync(new URL('./server/modules', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Tests and their support may reach into any repository to arrange or check a case. */
const serverTests = ['server/**/*.test.ts', 'server/test/**'];

const repositoryWall =
  'A module is used by others through its services, presenters and types, never its repository (decision 0023): add a service method.';

const clientNeverImportsServer = { group: ['**/server/**', '@server/*'], message: 'client/ never imports server/.' };

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', 'server/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [clientNeverImportsServer] }],
    },
  },
  {
    // Primitives and helpers serve every feature, so they know none of them (nor the app shell).
    files: ['client/components/**/*.{ts,tsx}', 'client/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            clientNeverImportsServer,
            {
              regex: '^@client/(features|app)(/|$)',
              message: 'client/components and client/lib import no feature and not the app shell.',
            },
          ],
        },
      ],
    },
  },
  // One block per feature: it may import itself, client/components, client/lib and shared/, nothing else.
  ...clientFeatures.map((feature) => ({
    files: [`client/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            clientNeverImportsServer,
            {
              regex: `^@client/features/(?!${feature}(/|$))`,
              message: `Features never import each other (this is ${feature}): move the shared piece to client/components, client/lib or shared/.`,
            },
            {
              regex: '^@client/app(/|$)',
              message: 'Features do not import the app shell; the shell imports features and passes callbacks.',
            },
            {
              regex: '^\\.\\./\\.\\./(?!(\\.\\./)*shared/)',
              message: 'A relative import may not leave its feature; use @client/… or @shared/….',
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '**/client/**', '@client/*', '@server/*'],
              message: 'shared/ imports neither client/ nor server/.',
            },
          ],
        },
      ],
    },
  },
  // One block per server module: its own repositories are its own; another module's are out of reach.
  ...serverModules.map((module) => ({
    files: [`server/modules/${module}/**/*.ts`],
    ignores: serverTests,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: `^(\\.\\./)+(?!${module}/)[^./][^/]*/([^/]+/)*[^/]+\\.repository(\\.js)?$`, message: repositoryWall },
          ],
        },
      ],
    },
  })),
  {
    // Outside the modules (app, context, http, lib, cli...) no repository is in reach either.
    files: ['server/**/*.ts', 'bench/**/*.ts'],
    ignores: ['server/modules/**', ...serverTests],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '(^|/)modules/[^/]+/([^/]+/)*[^/]+\\.repository(\\.js)?$', message: repositoryWall }] },
      ],
    },
  },
  {
    // No file imports itself back round a circle (decision 0023). The rule skips type-only imports; the graph
    // test (server/module-boundaries.test.ts) counts those too, and the cycles between modules.
    files: ['server/**/*.ts'],
    ignores: serverTests,
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // Command-line tools and benchmarks talk to a terminal.
    files: ['server/cli/**', 'bench/**', 'scripts/**', 'server/modules/search/eval/**'],
    rules: { 'no-console': 'off' },
  },
);

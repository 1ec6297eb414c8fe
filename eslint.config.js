// Lint rules for the whole workspace. Import boundaries follow ARCHITECTURE §2: contract and domain
// import nothing of ours; the server never imports web; a web feature never imports another feature.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Every folder under web/src/features is a feature; new ones are fenced in without editing this file.
const webFeatures = readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.data/**',
      'server/src/db/migrations/**',
      'e2e/screenshots/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { import: importPlugin },
    settings: {
      // The plugin parses imported files itself to follow cycles; it needs the TypeScript parser.
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/resolver': {
        typescript: { project: ['packages/*/tsconfig.json', 'server/tsconfig.json', 'web/tsconfig.json'] },
      },
    },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // A feature's routes.ts loads its pages lazily and pages link back through routes.ts: such a
      // loop goes through a dynamic import, so no module waits on itself at load (ADR 011).
      'import/no-cycle': ['error', { maxDepth: 10, allowUnsafeDynamicCyclicDependency: true }],
      'import/no-self-import': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            // One zod API everywhere: classic zod is not tree-shakable (docs/decisions/007).
            ...['zod', 'zod/v4', 'zod/v3'].map((name) => ({ name, message: "Import from 'zod/mini'." })),
            // Demo data loads only when asked for: `await import('@sportello/demo')` (docs/decisions/010).
            {
              name: '@sportello/demo',
              message: "Load demo data on demand: await import('@sportello/demo').",
            },
            // The declarative router: the data router is twice its size (docs/decisions/009).
            {
              name: 'react-router',
              importNames: [
                'createBrowserRouter',
                'RouterProvider',
                'useLoaderData',
                'useActionData',
                'useFetcher',
                'useMatches',
                'useNavigation',
                'useRouteError',
              ],
              message: 'Data-router API: server data goes through TanStack Query (docs/decisions/009).',
            },
          ],
        },
      ],
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: ['./packages/contract', './packages/domain'],
              from: ['./server', './web', './packages/demo'],
              message: 'Shared packages import nothing of the apps.',
            },
            // The demo generator writes rows through the server's schema (docs/decisions/010), nothing else.
            {
              target: './packages/demo',
              from: './server/src',
              except: ['./db', './modules/auth/password.ts'],
              message: 'The demo reaches the server only through its db exports.',
            },
            { target: './packages/demo', from: './web' },
            { target: './packages/contract', from: './packages/domain' },
            { target: './packages/domain', from: './packages/contract' },
            { target: './server', from: './web' },
            { target: './web', from: './server' },
            // A feature reaches another only through its routes.ts, to link to its pages (ADR 011).
            ...webFeatures.map((feature) => ({
              target: `./web/src/features/${feature}`,
              from: './web/src/features',
              except: [`./${feature}`, ...webFeatures.map((other) => `./${other}/routes.ts`)],
              message:
                'A feature never imports another feature (only its routes.ts, for links); move shared code to web/src/shared.',
            })),
            // The app composes features from their routes.ts; the rest of a feature is its own.
            {
              target: './web/src/app',
              from: './web/src/features',
              except: webFeatures.map((feature) => `./${feature}/routes.ts`),
              message: 'The app knows a feature through its routes.ts only (ADR 011).',
            },
            // Shared code serves every feature and knows none.
            {
              target: './web/src/shared',
              from: ['./web/src/features', './web/src/app'],
              message: 'Shared code imports no feature and not the app.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);

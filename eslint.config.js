// @ts-check
import js from '@eslint/js';
import checkFile from 'eslint-plugin-check-file';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'test-results/**', 'playwright-report/**', 'e2e/.data/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportDefaultDeclaration', message: 'Named exports only (docs/architecture.md, Names).' },
      ],
    },
  },
  {
    // File names in kebab-case; the part before the first dot is judged (posatori.routes.ts, messages.test.ts).
    files: ['**/*.{ts,tsx,js}'],
    ignores: ['apps/server/src/db/migrations/**'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx,js}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
    },
  },
  {
    // Migrations keep their date prefix (YYYY-MM-DD-what.ts, YYYY-MM-DD-NN-what.ts): they are applied in name order.
    files: ['apps/server/src/db/migrations/**'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.ts': '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]-+([a-z0-9-])' },
      ],
    },
  },
  {
    // The one direction of the data (docs/architecture.md): routes -> services -> repositories, never back; the
    // server's lib/ holds generic tools and never reaches into a module; the web's shared components never import
    // a feature. And no import cycles anywhere.
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: 'apps/server/src/lib',
              from: 'apps/server/src/modules',
              message: 'lib/ holds generic tools and never imports a module.',
            },
            {
              target: 'apps/server/src/db/database.ts',
              from: 'apps/server/src/lib',
              message: 'lib/ owns no tables: a table type lives in the module that owns the table (<name>.table.ts).',
            },
            {
              target: 'apps/server/src/modules/**/*.repository.ts',
              from: 'apps/server/src/modules/**/*.{service,routes}.ts',
              message: 'A repository never imports a service or a route (routes -> services -> repositories).',
            },
            {
              target: 'apps/server/src/modules/**/*.service.ts',
              from: 'apps/server/src/modules/**/*.routes.ts',
              message: 'A service never imports a route (routes -> services -> repositories).',
            },
            {
              target: 'apps/web/src/components',
              from: 'apps/web/src/features',
              message: 'Shared components never import a feature.',
            },
          ],
        },
      ],
    },
  },
  {
    // Config files are loaded by their tools through a default export.
    files: ['*.config.ts', '*.config.js', 'apps/web/vite.config.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // Frozen migrations are typed Kysely<any> on purpose: they must not depend on today's table types.
    files: ['apps/server/src/db/migrations/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // MUI's overlays come with their first opening (components/lazy-overlays.tsx, docs/decisions/0008): imported
    // directly, they would be in the code every screen that shows one loads before it paints.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/components/lazy-overlays.tsx'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: ['Dialog', 'Drawer', 'Menu', 'Modal', 'Popover', 'Snackbar'].map((name) => ({
            name: `@mui/material/${name}`,
            message: `Use ${name === 'Modal' || name === 'Popover' ? 'LazyMenu or LazyDialog' : `Lazy${name}`} from components/lazy-overlays.tsx: it loads with the first opening.`,
            allowTypeImports: true,
          })),
        },
      ],
    },
  },
  {
    files: ['**/test/**', 'e2e/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);

// Lint: the import boundaries of STYLE.md's layout, no import cycles, and typescript-eslint's
// `recommended` (not type-checked: lint stays fast). `npm run lint`.
import { readdirSync } from 'node:fs';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

// Read from disk, so a new feature is fenced in without editing this file.
const WEB_FEATURES = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'test-results/**', 'playwright-report/**', '.bench/**', 'data/**'] },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [tseslint.configs.recommended],
    plugins: { 'import-x': importX },
    settings: {
      // Without these, import-x reads only .js files and sees no cycle through TypeScript.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['packages/*/tsconfig.json', 'apps/*/tsconfig.json', 'tsconfig.check.json'],
          noWarnOnMultipleProjects: true,
          conditionNames: ['source', 'types', 'import', 'default'],
        }),
      ],
    },
    rules: {
      // `const { omitted: _, ...rest } = x` is how the code base drops keys.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './packages/archiver/src',
              from: ['./apps', './packages/contracts'],
              // Package imports (@sitezip/contracts) resolve to these folders, so this covers them too.
              message: 'The engine depends on nothing of ours.',
            },
            {
              target: ['./packages/archiver/src/parse', './packages/archiver/src/resolve'],
              from: [
                './packages/archiver/src/fetch',
                './packages/archiver/src/sink',
                './packages/archiver/src/capture',
                './packages/archiver/src/render',
              ],
              message: 'parse/ and resolve/ are pure: no network, no ZIP, no capture, no browser.',
            },
            {
              target: './apps/web',
              from: ['./apps/api', './packages/archiver'],
              message: 'The web app uses only contracts among our packages.',
            },
            {
              target: ['./apps/api/src/features', './apps/api/src/lib'],
              from: ['./apps/api/src/services.ts', './apps/api/src/app.ts'],
              message: 'Features and lib get their services passed in; they never import the composition root.',
            },
            ...WEB_FEATURES.map((feature) => ({
              target: `./apps/web/src/features/${feature}`,
              from: './apps/web/src/features',
              except: [`./${feature}`],
              message: 'Web features do not import each other: share through components/ or lib/.',
            })),
          ],
        },
      ],
    },
  },
);

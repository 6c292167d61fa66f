// Lint: the import boundaries of STYLE.md's layout and typescript-eslint's `recommended` (not
// type-checked: lint stays fast). Import cycles are found by scripts/check-cycles.mjs; both run
// in `npm run lint`. Boundaries use ESLint's own no-restricted-imports on the import specifier:
// eslint-plugin-import-x resolves paths, but its native resolver bindings are not on this
// machine's registry for every platform, which breaks `npm ci`.
import { readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';

// Read from disk, so a new feature is fenced in without editing this file.
const WEB_FEATURES = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const engineIsOurs = {
  regex: '^@sitezip/|(^|/)(apps|contracts)/',
  message: 'The engine depends on nothing of ours.',
};
const pureLayers = {
  regex: '(^|/)(fetch|sink|capture|render|crawl)/|^\\.\\./(archive|archive-site|cli|engine)\\.js$',
  message: 'parse/ and resolve/ are pure: no network, no ZIP, no capture, no browser.',
};

/** One config block: in flat config a later block's options replace an earlier block's for the same rule. */
const restrict = (files, ...patterns) => ({ files, rules: { 'no-restricted-imports': ['error', { patterns }] } });

export default tseslint.config(
  {
    ignores: [
      ...['**/node_modules/**', '**/dist/**', 'test-results/**', 'playwright-report/**', '.bench/**', 'data/**', '.tmp/**'],
      // The render fixtures: framework apps and their builds (fixtures/render/build.sh), not our code.
      'fixtures/render/**',
    ],
  },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [tseslint.configs.recommended],
    rules: {
      // `const { omitted: _, ...rest } = x` is how the code base drops keys.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
    },
  },
  restrict(['packages/archiver/src/**'], engineIsOurs),
  restrict(['packages/archiver/src/parse/**', 'packages/archiver/src/resolve/**'], engineIsOurs, pureLayers),
  restrict(['apps/web/src/**'], {
    regex: '^@sitezip/(archiver|api)|(^|/)(api|archiver)/src/',
    message: 'The web app uses only contracts among our packages.',
  }),
  ...WEB_FEATURES.map((feature) =>
    restrict(
      [`apps/web/src/features/${feature}/**`],
      {
        regex: '^@sitezip/(archiver|api)|(^|/)(api|archiver)/src/',
        message: 'The web app uses only contracts among our packages.',
      },
      {
        // From inside a feature, another feature is reached by climbing to features/ and down.
        regex: `^(\\.\\./)+(${WEB_FEATURES.filter((f) => f !== feature).join('|')})(/|$)|(^|/)features/(?!${feature}/)`,
        message: 'Web features do not import each other: share through components/ or lib/.',
      },
    ),
  ),
  restrict(['apps/api/src/features/**', 'apps/api/src/lib/**'], {
    regex: '^(\\.\\./)+(services|app)\\.js$',
    message: 'Features and lib get their services passed in; they never import the composition root.',
  }),
);

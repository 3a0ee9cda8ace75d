// One lint setup for the whole repository (typescript-eslint, react-hooks for the web app),
// plus the import boundaries of STYLE.md: features never reach into each other's internals,
// and shared components/api never import a feature.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The demo brand's generators (apps/server/src/demo) are wired in by main.ts, app.ts, tests,
// benches and e2e; a module's, http's or lib's production code never imports them (DESIGN §2).
const SERVER_DEMO_IMPORT = {
  regex: '^(\\.\\./)+demo(/|$)|(^|/)src/demo(/|$)',
  message:
    'Production code does not import src/demo (the demo brand); take what it needs as a dependency or from the database.',
};

/**
 * A module uses another only through its manifest (`modules/<name>/index.ts`): `../wallet`,
 * never `../wallet/service` (issue 11: the rest of the platform sees what the index exports).
 */
const OTHER_MODULE_INTERNALS = {
  regex: '^\\.\\./(?!manifest$)[a-z-]+/.+',
  message: 'Import another module through its index.ts (`../wallet`), never its files.',
};
/** The gateway and the shared mechanisms serve every module and import none. */
const ANY_MODULE = {
  regex: '(^|/)modules(/|$)',
  message: 'http/ and lib/ import no module: take what they need as an interface (http/scopes.ts).',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '.test-artifacts/**',
      '**/*.tsbuildinfo',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'always'],
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex:
                '^(\\.\\./)+features/|^@/features/|^\\.\\./\\.\\./[a-z-]+/(components|api|hooks|lib)/',
              message:
                'A feature must not import another feature’s internals; compose them in src/app.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/components/**/*.{ts,tsx}', 'apps/web/src/api/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: 'features/',
              message: 'Shared components and the API client never import a feature.',
            },
          ],
        },
      ],
    },
  },
  {
    // Every text field a client sends goes through text() (issue 10 §5: a bare z.string() let a
    // NUL reach PostgreSQL and answer 500); a field the server writes says so with serverText().
    files: ['packages/contracts/src/**/*.ts', 'apps/server/src/**/*routes.ts'],
    ignores: ['packages/contracts/src/text.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.property.name='string'][callee.object.name='z'], MemberExpression[object.object.name='z'][object.property.name='coerce'][property.name='string']",
          message:
            'Use text(maxLength) for a field a client sends, serverText() for one the server writes (packages/contracts/src/text.ts).',
        },
      ],
    },
  },
  // One block per folder: a later block's no-restricted-imports replaces an earlier one's.
  {
    files: ['apps/server/src/modules/**/*.ts'],
    // The module list and the manifest type sit above the modules, in src/modules itself.
    ignores: ['**/*.test.ts', 'apps/server/src/modules/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [SERVER_DEMO_IMPORT, OTHER_MODULE_INTERNALS] },
      ],
    },
  },
  {
    files: ['apps/server/src/http/**/*.ts', 'apps/server/src/lib/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [SERVER_DEMO_IMPORT, ANY_MODULE] }] },
  },
  {
    files: ['apps/server/src/modules/**/*routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '/repository$',
              message: 'Routes call services; only services use repositories.',
            },
            SERVER_DEMO_IMPORT,
            OTHER_MODULE_INTERNALS,
          ],
        },
      ],
    },
  },
);

// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const NODE_GLOBALS = Object.fromEntries(
  [
    'process',
    'console',
    'Buffer',
    'URL',
    'URLSearchParams',
    'performance',
    'setTimeout',
    'clearTimeout',
    'setInterval',
    'clearInterval',
    'setImmediate',
    'structuredClone',
    'TextEncoder',
    'TextDecoder',
    'AbortController',
    'fetch',
  ].map((name) => [name, 'readonly']),
);

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'coverage/**',
      '.bench-tmp/**',
      'reports/**',
      '.stryker-tmp/**',
      '**/*.generated.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: [
            'vitest.config.ts',
            'vitest.mutation.config.ts',
            'scripts/mutation/modules.d.mts',
          ],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'error',
    },
  },
  {
    // Tests, benchmarks and scripts talk to a person: console is fine there, and `any` from JSON is common.
    files: ['**/*.test.ts', 'test/**', 'bench/**', 'scripts/**', '**/*.mjs', '**/*.js'],
    rules: {
      'no-console': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // Plain Node scripts (bins, benchmarks, tools): Node's globals.
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: NODE_GLOBALS },
  },
  {
    // The skillstate-mcp bin front is CommonJS (packages/skillstate-mcp/bin/package.json).
    files: ['packages/skillstate-mcp/bin/*.js'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: { ...NODE_GLOBALS, require: 'readonly', __dirname: 'readonly' },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);

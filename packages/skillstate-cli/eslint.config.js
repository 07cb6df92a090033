// @ts-check
// The repository config, plus a type-aware project for this package's tests: the build tsconfig leaves
// test files out (they must not land in dist/), so tsconfig.test.json covers them for lint and typecheck.
import root from '../../eslint.config.js';

export default [
  ...root,
  {
    files: ['src/**/*.test.ts', 'test/**/*.ts'],
    languageOptions: {
      parserOptions: {
        projectService: false,
        project: './tsconfig.test.json',
        tsconfigRootDir: import.meta.dirname,
      },
    },
  },
];

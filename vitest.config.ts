import { defineConfig } from 'vitest/config';

// Unit tests sit next to the code; cross-process suites (spawned bins, real sockets) live in each package's
// test/ folder and run against the built dist/ output, so `npm test` builds first.
export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});

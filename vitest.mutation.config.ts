import { defineConfig } from 'vitest/config';
import { MODULES } from './scripts/mutation/modules.mjs';

// The vitest config Stryker runs (stryker.config.mjs): only the unit tests that guard the module being mutated.
const mod = MODULES[process.env['MUTATION_MODULE'] ?? 'skillstate-core'];

export default defineConfig({
  test: {
    include: mod?.tests ?? [],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});

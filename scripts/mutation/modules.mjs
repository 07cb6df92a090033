// The modules `npm run test:mutation` mutates: code where a silent bug loses data or lets someone in (issue 14).
// Each names the files Stryker mutates, the unit tests that guard them (only these run, so a module's run stays
// small), and the tsconfig its TypeScript checker compiles mutants with. Add a module here when a new guard lands.

/** @type {Record<string, { mutate: string[]; tests: string[]; tsconfig: string }>} */
export const MODULES = {
  'skillstate-core': {
    mutate: [
      'packages/skillstate-core/src/merge.ts',
      'packages/skillstate-core/src/validate.ts',
      'packages/skillstate-core/src/redact.ts',
      'packages/skillstate-core/src/node/atomic-write.ts',
      'packages/skillstate-core/src/node/lock.ts',
      'packages/skillstate-core/src/node/checkpoints.ts',
      'packages/skillstate-core/src/node/session-meta.ts',
    ],
    tests: ['packages/skillstate-core/src/**/*.test.ts'],
    tsconfig: 'packages/skillstate-core/src/tsconfig.json',
  },
  'skillstate-mcp': {
    mutate: [
      'packages/skillstate-mcp/src/dispatch.ts',
      'packages/skillstate-mcp/src/jsonrpc.ts',
      'packages/skillstate-mcp/src/tools/registry.ts',
    ],
    tests: [
      'packages/skillstate-mcp/src/dispatch.test.ts',
      'packages/skillstate-mcp/src/protocol.test.ts',
      'packages/skillstate-mcp/src/era.test.ts',
      'packages/skillstate-mcp/src/tools/registry.test.ts',
    ],
    tsconfig: 'packages/skillstate-mcp/src/tsconfig.json',
  },
  'skill-map-gate': {
    mutate: ['packages/skill-map/src/server/http/loopback-gate.ts'],
    tests: [
      // The gate is a pure function: its unit tests decide each mutant in milliseconds. The suites over real
      // sockets and Chromium (fetch-metadata-gate, browser-origin) check the wiring and run in `npm test`.
      'packages/skill-map/src/server/http/loopback-gate.test.ts',
    ],
    tsconfig: 'packages/skill-map/src/server/tsconfig.json',
  },
  'skill-map-mcp': {
    mutate: [
      'packages/skill-map/src/server/mcp/mcp-sink.ts',
      'packages/skill-map/src/server/mcp/http/liveness.ts',
      'packages/skill-map/src/server/scan/scan-runner.ts',
    ],
    tests: [
      'packages/skill-map/src/server/mcp/mcp-sink.test.ts',
      'packages/skill-map/src/server/mcp/http/liveness.test.ts',
      'packages/skill-map/src/server/scan/scan-runner.test.ts',
    ],
    tsconfig: 'packages/skill-map/src/server/tsconfig.json',
  },
  'skill-map-patch': {
    // Only the refusals of persistPatch (its row writing is covered by the equivalence tests, and a whole-file
    // run reruns scans for tens of minutes). Line ranges: update them when persist-patch.ts moves.
    mutate: [
      'packages/skill-map/src/adapters/sqlite/persist-patch.ts:105-108',
      'packages/skill-map/src/adapters/sqlite/persist-patch.ts:134-140',
      'packages/skill-map/src/adapters/sqlite/persist-patch.ts:163-166',
      'packages/skill-map/src/adapters/sqlite/persist-patch.ts:175-178',
      'packages/skill-map/src/adapters/sqlite/persist-patch.ts:205-227',
      'packages/skill-map/src/adapters/sqlite/persist-patch.ts:263-269',
    ],
    tests: ['packages/skill-map/src/engines/scan/patch-phase.test.ts'],
    tsconfig: 'packages/skill-map/src/engines/tsconfig.json',
  },
};

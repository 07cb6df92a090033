// The modules `npm run test:mutation` mutates: code where a silent bug loses data or lets someone in (issue 14).
// Each names the files Stryker mutates, the unit tests that guard them (only these run, so a module's run stays
// small), and the tsconfig its TypeScript checker compiles mutants with. Add a module here when a new guard lands.

// The engine modules' checker project: their folders only (scripts/mutation/tsconfig.skill-map.json), so a type
// error in an unrelated test elsewhere in engines/ cannot fail Stryker's dry-run compilation.
const SKILL_MAP_ENGINES = 'scripts/mutation/tsconfig.skill-map.json';

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
      'packages/skillstate-mcp/src/connection.test.ts',
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
      'packages/skill-map/src/server/scan/scan-runner-lifecycle.test.ts',
    ],
    tsconfig: 'packages/skill-map/src/server/tsconfig.json',
  },
  'skill-map-patch': {
    // Only the refusals of persistPatch (its row writing is covered by the equivalence tests, and a whole-file
    // run reruns scans for tens of minutes). Line ranges: update them when persist-patch.ts moves.
    mutate: [
      'packages/skill-map/src/adapters/sqlite/persist-patch.ts:113-120',
      'packages/skill-map/src/adapters/sqlite/persist-patch.ts:144-145',
      'packages/skill-map/src/adapters/sqlite/persist-patch.ts:156-159',
      'packages/skill-map/src/adapters/sqlite/persist-patch.ts:180-181',
      'packages/skill-map/src/adapters/sqlite/persist-patch.ts:193-245',
      'packages/skill-map/src/adapters/sqlite/persist-patch.ts:253-277',
      'packages/skill-map/src/adapters/sqlite/persist-patch.ts:303-304',
      'packages/skill-map/src/adapters/sqlite/persist-patch.ts:308-312',
    ],
    tests: [
      'packages/skill-map/src/engines/scan/patch-phase.test.ts',
      'packages/skill-map/src/engines/scan/patch-refusals.test.ts',
    ],
    tsconfig: SKILL_MAP_ENGINES,
  },
  'skill-map-consent': {
    // The consent gate of the .sm sidecar writes (spec §8): the team hard block, the standing grant, always,
    // confirm, the refusal; exercised through the curator over a real project folder.
    mutate: ['packages/skill-map/src/engines/sidecars/consent.ts'],
    tests: [
      'packages/skill-map/src/engines/sidecars/consent.test.ts',
      'packages/skill-map/src/engines/sidecars/curator.test.ts',
    ],
    tsconfig: SKILL_MAP_ENGINES,
  },
  'skill-map-sidecar': {
    // The one .sm write chokepoint: node checks, read-before-write refusals, identity seeding, validation,
    // sorted YAML, the atomic write and the mirror; the prototype-safe merge; the per-path lock.
    mutate: [
      'packages/skill-map/src/engines/sidecars/curator.ts',
      'packages/skill-map/src/engines/sidecars/deep-merge.ts',
      'packages/skill-map/src/adapters/fs/sidecars/path-lock.ts',
    ],
    tests: [
      'packages/skill-map/src/engines/sidecars/curator.test.ts',
      'packages/skill-map/src/engines/sidecars/curator-edges.test.ts',
      'packages/skill-map/src/adapters/fs/sidecars/path-lock.test.ts',
    ],
    tsconfig: SKILL_MAP_ENGINES,
  },
  'skill-map-nonce': {
    // The claim credential: how it is drawn, and record's load → constant-time compare → running gate. Line
    // ranges of record.ts (the rest is the write-through, not a trust check): update them when record.ts moves.
    mutate: [
      'packages/skill-map/src/engines/jobs/ids.ts:45-48',
      'packages/skill-map/src/engines/jobs/record.ts:50-55',
      'packages/skill-map/src/engines/jobs/record.ts:123-129',
    ],
    tests: ['packages/skill-map/src/engines/jobs/claim-record.test.ts'],
    tsconfig: SKILL_MAP_ENGINES,
  },
  'skill-map-claim': {
    // The claim (reap, one atomic hand-out, job-file-missing) and the waiting claim over real SQLite files.
    mutate: ['packages/skill-map/src/engines/jobs/claim.ts'],
    tests: [
      'packages/skill-map/src/engines/jobs/claim.test.ts',
      'packages/skill-map/src/engines/jobs/claim-record.test.ts',
    ],
    tsconfig: SKILL_MAP_ENGINES,
  },
};

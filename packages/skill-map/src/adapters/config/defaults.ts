/**
 * Bundled configuration defaults (layer 1 of 4). Values the spec leaves to the implementation are
 * commented; every other value is the spec §10 default.
 */
export const DEFAULT_CONFIG: Readonly<Record<string, unknown>> = Object.freeze({
  schemaVersion: 1,
  activeProvider: null,
  server: { port: 4242, host: '127.0.0.1' },
  tokenizer: 'cl100k_base',
  ignore: [],
  scan: {
    maxFileSizeBytes: 1024 * 1024,
    // The reference's 5,000 silently truncates a 10,000-file project; 50,000 still bounds a scan started
    // in the wrong directory, and truncation is loud (flag + count + warning).
    maxScan: 50_000,
    maxNodes: 256,
    // Gitignored files are usually generated or private; scanning them surprises more than it helps.
    respectGitignore: true,
    referencePaths: [],
    followExternalSymlinks: false,
    roots: ['.'],
    strict: false,
    watch: { debounceMs: 300, backend: 'chokidar' },
  },
  jobs: {
    claimWaitSeconds: 2,
    // A claim whose agent died must not hold its job for ever: after 30 minutes (far longer than an agent takes to
    // judge or fix one file) the next claim gives the job back to the queue. 0 or null disarms.
    ttlSeconds: 1800,
    // Claims a job may lose to its TTL before it fails as abandoned (a job that kills every agent stops cycling).
    maxAttempts: 3,
    retention: { completed: 2_592_000, cancelled: 2_592_000, failed: null },
  },
  allowEditSmFiles: false,
  allowNetworkActions: false,
  allowSidecarWriters: true,
  skillActions: { enabled: false },
  mcp: { server: { enabled: false } },
  plugins: {},
  logLevel: 'warn',
});

/**
 * Keys honoured ONLY from the project-local layer (`.skill-map/settings.local.json`) or overrides: a
 * committed settings file must not be able to widen what a teammate's checkout may do. A key matches an
 * entry equal to it or under it (`ui` covers `ui.theme`).
 */
export const PROJECT_LOCAL_ONLY_KEYS: readonly string[] = Object.freeze([
  'allowEditSmFiles',
  'allowNetworkActions',
  'logLevel',
  'tutorialReminderStep',
  'scan.referencePaths',
  'scan.followExternalSymlinks',
  'activity.captureConversations',
  'activity.captureLevel',
  'activity.shellCapture',
  'ui',
  'mcp.server.enabled',
  'github',
  'skillActions',
]);

/** True when `key` is (or sits under) a project-local-only key. */
export function isProjectLocalOnly(key: string): boolean {
  return PROJECT_LOCAL_ONLY_KEYS.some((p) => key === p || key.startsWith(`${p}.`));
}

import type { ScanResult } from '@skill-map/spec';
import { createServer } from '../create-server.js';
import type { CreateServerOptions, SkillMapServer } from '../create-server.js';
import type { ScanPort, ServerLogger } from '../ports.js';
import { createMemoryMapReader } from '../read/memory-map-reader.js';

/** A logger that keeps lines in memory (tests assert on them instead of printing). */
export function createMemoryLogger(): ServerLogger & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    info: (m) => lines.push(`info ${m}`),
    warn: (m) => lines.push(`warn ${m}`),
    error: (m) => lines.push(`error ${m}`),
  };
}

/** Options of `createTestServer`. */
export interface TestServerOptions extends CreateServerOptions {
  scan?: ScanResult | null;
  scanner?: ScanPort;
  scopeRoot?: string;
  config?: Record<string, unknown>;
}

/** A server over an in-memory graph; `setScan` swaps the graph the reader sees. */
export function createTestServer(options: TestServerOptions = {}): SkillMapServer & {
  setScan(scan: ScanResult | null): void;
  logger: ReturnType<typeof createMemoryLogger>;
} {
  let current: ScanResult | null = options.scan === undefined ? null : options.scan;
  const logger = createMemoryLogger();
  const scopeRoot = options.scopeRoot ?? '/tmp/skill-map-test-scope';
  const reader = createMemoryMapReader(() => current, { scopeRoot });
  const server = createServer(
    {
      scopeRoot,
      dbPath: `${scopeRoot}/.skill-map/skill-map.db`,
      reader,
      config: { merged: options.config ?? { server: { port: 4242 } } },
      logger,
      version: '9.9.9-test',
      ...(options.scanner === undefined ? {} : { scanner: options.scanner }),
    },
    options,
  );
  return Object.assign(server, { setScan: (scan: ScanResult | null) => void (current = scan), logger });
}

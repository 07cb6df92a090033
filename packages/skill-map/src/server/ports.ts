/**
 * What the server needs from the rest of skill-map, as narrow ports. The composition root (`runServe`,
 * or a test) passes implementations in; nothing in `src/server` constructs an adapter itself.
 */
import type { ScanResult } from '@skill-map/spec';
import { defaultKernelRegistry } from '../kernel/index.js';
import type { ExtensionRegistry, Formatter } from '../kernel/index.js';
import type { EngineContext, JobEventSink } from '../engines/context.js';
import type { MapReader } from './read/map-reader.js';

/**
 * Builds the operable engines' context for one server channel (`ui` for REST, `mcp` for MCP tools); the server
 * passes a sink that publishes job events on its broadcaster. The composition root supplies it (it builds adapters).
 */
export type EngineContextFactory = (channel: 'ui' | 'mcp', events: JobEventSink) => EngineContext;

/** Per-node progress of a running scan (`scan.progress`). */
export interface ScanProgress {
  index: number;
  /** How many files the scan decides about, when known. */
  total?: number;
  path: string;
  kind: string;
  cached: boolean;
}

/** What a finished scan reports. */
export interface ScanSummary {
  nodes: number;
  links: number;
  issues: number;
  durationMs: number;
  roots: string[];
  /** Node rows inserted / deleted by the persist diff, when the engine reports them (saves a path diff). */
  nodesAdded?: number;
  nodesRemoved?: number;
}

/** Runs a scan through the scan engine AND persists it (the engine owns drift, hashing, incremental). */
export interface ScanPort {
  scanAndPersist(options: {
    mode: 'full' | 'changed';
    /** Paths a watcher saw change (scope-relative or absolute); lets the engine skip the full walk. */
    changedPaths?: readonly string[];
    /** Operations-log channel of the caller. */
    channel?: 'ui' | 'watcher';
    onProgress?: (p: ScanProgress) => void;
  }): Promise<ScanSummary>;
  /** A fresh in-memory scan that is NOT persisted (`GET /api/scan?fresh=1`); optional. */
  scanFresh?(): Promise<ScanResult>;
  /**
   * Calls `onStored` each time another process stores a new scan of this project (a store shared by several
   * processes: PostgreSQL); answers how to stop. Absent where only this process writes the map.
   */
  follow?(onStored: () => void): () => void;
  /** Releases what the port keeps between scans (an open database connection). */
  close?(): void;
}

/** The layered configuration (defaults < project < project-local < override); `LoadedConfig` fits. */
export interface ConfigPort {
  /** The deep-merged configuration object. */
  readonly merged: Readonly<Record<string, unknown>>;
  /** The layer that supplied a leaf (`project-local`, ...), when the loader tracks provenance. */
  sourceOf?(key: string): string | undefined;
}

/** Where log lines go (stderr by default; never stdout: `sm mcp` speaks the protocol there). */
export interface ServerLogger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string, err?: unknown): void;
}

/** Graph formatters for `GET /api/graph?format=`: the registered ones (built-ins plus trusted plugins'), per request. */
export interface GraphFormatter {
  load(): Promise<readonly Formatter[]>;
}

/** The extension registry the REST envelopes describe (built-ins plus trusted, enabled drop-ins). */
export interface RegistrySource {
  load(): Promise<ExtensionRegistry>;
}

/** The kernel's built-in formatters alone (ascii, json, mermaid, dot). */
export const KERNEL_FORMATTER: GraphFormatter = {
  load: () => Promise.resolve(defaultKernelRegistry().formatters()),
};

/** Which plugins the server's scans, formatters and plugin routes run (`--no-built-ins`, `--no-plugins`). */
export interface PluginFlags {
  builtIns?: boolean;
  dropIns?: boolean;
}

/** Everything `createServer` needs. */
export interface ServerDeps {
  /** Absolute project (scope) root. */
  scopeRoot: string;
  /** Absolute path of the project database (reported by `/api/health`). */
  dbPath: string;
  reader: MapReader;
  config: ConfigPort;
  /** Absent: `POST /api/scan` answers 503 and the watcher is not started. */
  scanner?: ScanPort;
  /** Absent: the registered formatters of the project's plugins (built-ins plus trusted drop-ins). */
  formatter?: GraphFormatter;
  /** Absent: the project's plugins under `plugins` (what `kindRegistry` and its siblings are built from). */
  registry?: RegistrySource;
  /** `--no-built-ins` / `--no-plugins` (plugin routes and the default formatter honour them). */
  plugins?: PluginFlags;
  logger?: ServerLogger;
  /** The operable engines (jobs, findings, suppressions); absent: those routes answer 503 and MCP lists only the map tools. */
  engines?: EngineContextFactory;
  /** The CLI implVersion (`serverInfo.version`, `smVersion`); defaults to the package version. */
  version?: string;
}

/** A logger writing prefixed lines to stderr. */
export function createStderrLogger(prefix = 'sm serve'): ServerLogger {
  const write = (level: string, message: string): void => {
    process.stderr.write(`${prefix}: ${level}${message}\n`);
  };
  return {
    info: (m) => write('', m),
    warn: (m) => write('warning: ', m),
    error: (m, err) => write('error: ', err instanceof Error ? `${m}: ${err.stack ?? err.message}` : m),
  };
}

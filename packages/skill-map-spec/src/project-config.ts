/** One layer of `.skill-map/settings(.local).json`; mirrors `project-config.schema.json` (abridged to known keys). */
export interface ProjectConfig {
  schemaVersion?: number;
  /** This project's stable id in a shared PostgreSQL database (a skill-map extension of the schema). */
  projectId?: string;
  /** One provider id or a list of ids (the active set); null/absent = detected from markers. */
  activeProvider?: string | string[] | null;
  activeProviderMarkers?: string[];
  server?: { port?: number; host?: '127.0.0.1' | 'localhost' | '::1' };
  tokenizer?: 'cl100k_base' | 'o200k_base';
  ignore?: string[];
  scan?: {
    maxFileSizeBytes?: number;
    maxScan?: number;
    maxNodes?: number;
    respectGitignore?: boolean;
    referencePaths?: string[];
    followExternalSymlinks?: boolean;
    roots?: string[];
    strict?: boolean;
    watch?: { debounceMs?: number; backend?: 'chokidar' | 'parcel' };
  };
  jobs?: {
    claimWaitSeconds?: number;
    ttlSeconds?: number | null;
    maxAttempts?: number;
    retention?: { completed?: number | null; cancelled?: number | null; failed?: number | null };
  };
  allowEditSmFiles?: boolean;
  allowNetworkActions?: boolean;
  allowSidecarWriters?: boolean;
  skillActions?: { enabled?: boolean };
  mcp?: { server?: { enabled?: boolean } };
  plugins?: Record<string, unknown>;
  logLevel?: 'silent' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
  tutorialReminderStep?: number;
  activity?: Record<string, unknown>;
  ui?: Record<string, unknown>;
  github?: Record<string, unknown>;
}

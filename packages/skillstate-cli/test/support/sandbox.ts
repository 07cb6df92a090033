// Test fixtures: a temporary home and project per test, and a way to run `main` against them in process.
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { main } from '../../src/main.js';

/** The node binary the in-process tests pretend to run on, so expected configs are exact strings. */
export const FAKE_NODE = '/opt/node/bin/node';
/** The server bin the CLI must resolve from its `@skillstate/mcp` dependency. */
export const MCP_BIN = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  '..',
  'skillstate-mcp',
  'bin',
  'skillstate-mcp.js',
);

/** What one `main` call printed and returned. */
export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** A temporary home and project. */
export interface Sandbox {
  root: string;
  home: string;
  project: string;
  /** A folder holding an executable `skillstate-mcp` (it only exits): the default PATH of `run`. */
  bin: string;
  /**
   * Runs `skillstate <argv>` in the project (or `cwd`) with HOME redirected and a stepping clock. The
   * environment is `env`, by default only `PATH=<bin>`, so `init` finds a `skillstate-mcp` to register.
   */
  run: (argv: string[], options?: { cwd?: string; env?: NodeJS.ProcessEnv }) => Promise<RunResult>;
  /** Writes a file under the sandbox root (parents created). */
  write: (rel: string, text: string) => void;
  read: (rel: string) => string;
  cleanup: () => void;
}

/** Creates a sandbox under os.tmpdir(); call `cleanup` in afterEach. */
export function createSandbox(): Sandbox {
  const root = mkdtempSync(join(tmpdir(), 'skillstate-cli-'));
  const home = join(root, 'home');
  const project = join(root, 'project');
  const bin = join(root, 'bin');
  mkdirSync(home);
  mkdirSync(project);
  mkdirSync(bin);
  writeFileSync(join(bin, 'skillstate-mcp'), '#!/bin/sh\nexit 0\n');
  chmodSync(join(bin, 'skillstate-mcp'), 0o755);
  let tick = Date.parse('2026-03-04T05:06:07.000Z');
  return {
    root,
    home,
    project,
    bin,
    run: async (argv, options = {}) => {
      let stdout = '';
      let stderr = '';
      const code = await main(argv, options.cwd ?? project, {
        stdout: (t) => void (stdout += t),
        stderr: (t) => void (stderr += t),
        env: options.env ?? { PATH: bin },
        home,
        execPath: FAKE_NODE,
        now: () => new Date((tick += 1000)),
      });
      return { code, stdout, stderr };
    },
    write: (rel, text) => {
      mkdirSync(dirname(join(root, rel)), { recursive: true });
      writeFileSync(join(root, rel), text);
    },
    read: (rel) => readFileSync(join(root, rel), 'utf8'),
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
}

/**
 * Every file and directory under `dir` with its content (directories map to `<dir>`), keyed by relative
 * path. Comparing two trees compares names and bytes, never times.
 */
export function tree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (abs: string): void => {
    for (const name of readdirSync(abs).sort()) {
      const child = join(abs, name);
      const rel = relative(dir, child);
      if (statSync(child).isDirectory()) {
        out[rel] = '<dir>';
        walk(child);
      } else {
        out[rel] = readFileSync(child, 'latin1');
      }
    }
  };
  walk(dir);
  return out;
}

/** The tree without backup files (`*.bak.<time>`), for comparing a restored project with its original. */
export function withoutBackups(t: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(t).filter(([k]) => !/\.bak\.[0-9TZ-]+$/.test(k)));
}

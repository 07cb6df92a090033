// `sm tutorial` and `sm example`: materialise a tutorial skill or an example project into an empty folder. Nothing is
// written unless every file can be: the folder must be empty (or `force`), and no file or folder in the way may be
// of the other type; each file is written atomically.
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { writeFileAtomicSync } from '../../adapters/fs/atomic-write.js';
import { AGENT_HOSTS, hostSkillDir, parseHost } from '../agent/hosts.js';
import type { AgentHost } from '../agent/hosts.js';
import { EngineError } from '../errors.js';
import { EXAMPLE_FILES } from './example-files.js';
import { TUTORIAL_FILES } from './tutorial-files.js';

/** What a materialisation wrote. */
export interface Materialized {
  /** The folder written into (absolute). */
  dir: string;
  /** The files written, relative to it, sorted. */
  written: string[];
  /** `sm tutorial`: the host whose skill folder holds it, and that folder (relative). */
  host?: AgentHost;
  skillDir?: string;
}

/** The hosts `sm tutorial --for` accepts (those with a skill folder). */
export const TUTORIAL_HOSTS = AGENT_HOSTS;

/** `invalid-input` unless `root` is an empty folder (or `force`); `not-found` when it does not exist. */
export function refuseUnlessEmpty(root: string, force: boolean, verb: string): void {
  if (!existsSync(root))
    throw new EngineError('not-found', `${root} does not exist`, { details: { dir: root } });
  const entries = readdirSync(root);
  if (entries.length > 0 && !force)
    throw new EngineError(
      'invalid-input',
      `${root} is not empty (${entries.length} entr${entries.length === 1 ? 'y' : 'ies'}): ${verb} writes into an empty folder, so that you can delete it afterwards; run it in a new folder, or pass --force to write here anyway (files of the same name are overwritten)`,
      { details: { dir: root, entries: entries.length } },
    );
}

/** Refuses before writing anything when a file's path runs into a file where a folder is needed, or a folder. */
function assertWritable(root: string, files: readonly string[]): void {
  for (const rel of files) {
    const target = join(root, rel);
    if (existsSync(target) && statSync(target).isDirectory())
      throw new EngineError('invalid-input', `${rel} is a folder here; nothing was written`, {
        details: { path: rel },
      });
    for (let dir = dirname(rel); dir !== '.' && dir !== ''; dir = dirname(dir))
      if (existsSync(join(root, dir)) && !statSync(join(root, dir)).isDirectory())
        throw new EngineError('invalid-input', `${dir} is a file here, not a folder; nothing was written`, {
          details: { path: dir },
        });
  }
}

function writeAll(root: string, files: Readonly<Record<string, string>>): string[] {
  const paths = Object.keys(files).sort();
  assertWritable(root, paths);
  for (const rel of paths) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileAtomicSync(join(root, rel), files[rel]!);
  }
  return paths;
}

/** Writes the tutorial skill into `<root>/<host skill dir>/sm-tutorial/` (default host: claude). */
export function materializeTutorial(root: string, opts: { host?: string; force?: boolean }): Materialized {
  const host = opts.host === undefined ? 'claude' : parseHost(opts.host);
  refuseUnlessEmpty(root, opts.force === true, 'sm tutorial');
  const skillDir = hostSkillDir(host);
  const folder = `${skillDir}/sm-tutorial`;
  const files = Object.fromEntries(
    Object.entries(TUTORIAL_FILES).map(([p, text]) => [`${folder}/${p}`, text]),
  );
  return { dir: root, written: writeAll(root, files), host, skillDir };
}

/** Writes the example project into `root`. */
export function materializeExample(root: string, opts: { force?: boolean }): Materialized {
  refuseUnlessEmpty(root, opts.force === true, 'sm example');
  return { dir: root, written: writeAll(root, EXAMPLE_FILES) };
}

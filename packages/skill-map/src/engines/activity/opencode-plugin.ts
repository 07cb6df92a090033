// OpenCode reports tool calls only to JavaScript plugins (`tool.execute.before(input, output)`: `input.tool`,
// `output.args`), so for OpenCode install writes a file of its own: a plugin that relays the `skill` and `task`
// calls to `sm activity report --for opencode` (the one hook implementation) and never blocks or fails the call.
// The file is wholly ours: uninstall deletes it (and the folders install created); a file of that name that is not
// ours is refused, never overwritten.
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomicSync } from '../../adapters/fs/atomic-write.js';
import { EngineError, isEngineError } from '../errors.js';
import { OPENCODE_PLUGIN } from './hook-hosts.js';
import type { HookChange, HostHookStatus } from './install.js';
import {
  forgetHost,
  missingDirs,
  readBytes,
  readRecord,
  removeCreatedDirs,
  sha,
  writeRecord,
} from './install-record.js';

/** The first line of every plugin file we write. */
const MARKER = '// skill-map live activity: written by `sm activity install --for opencode`';

/** The plugin's source for a hook argv (the node and bin that run `sm activity report`). */
export function opencodePluginSource(argv: readonly string[]): string {
  const command = JSON.stringify([...argv, 'activity', 'report', '--for', 'opencode']);
  return `${MARKER}; \`sm activity uninstall --for opencode\` removes it.
// It hands the skill and task tool calls OpenCode reports to \`sm activity report\`, which posts them to the running
// \`sm serve\` of this project. It never waits for it and never throws: the tool call goes on either way.
import { spawn } from 'node:child_process';

const COMMAND = ${command};

export const SkillMapActivity = async ({ directory }) => ({
  'tool.execute.before': async (input, output) => {
    if (input?.tool !== 'skill' && input?.tool !== 'task') return;
    try {
      const child = spawn(COMMAND[0], COMMAND.slice(1), { cwd: directory, stdio: ['pipe', 'ignore', 'ignore'] });
      child.on('error', () => {});
      child.stdin.on('error', () => {});
      child.stdin.end(
        JSON.stringify({ hook_event_name: 'tool.execute.before', tool: input.tool, args: output?.args ?? {}, cwd: directory }),
      );
      child.unref();
    } catch {
      // Activity is best effort.
    }
  },
});
`;
}

const isOurs = (bytes: Buffer | null): boolean => bytes !== null && bytes.toString('utf8').startsWith(MARKER);

/** Where our plugin file is (or would go): the plugin folder that exists, `plugins/` when neither does. */
function pluginFile(root: string): string {
  for (const dir of OPENCODE_PLUGIN.dirs) {
    const file = `${dir}/${OPENCODE_PLUGIN.name}`;
    if (isOurs(readBytes(join(root, file)))) return file;
  }
  const dir = OPENCODE_PLUGIN.dirs.find((d) => existsSync(join(root, d))) ?? OPENCODE_PLUGIN.dirs[0];
  return `${dir}/${OPENCODE_PLUGIN.name}`;
}

export function installOpencodePlugin(
  root: string,
  argv: readonly string[],
  dryRun: boolean,
  now: number = Date.now(),
): HookChange {
  const file = pluginFile(root);
  const bytes = readBytes(join(root, file));
  const before = bytes?.toString('utf8') ?? null;
  const after = opencodePluginSource(argv);
  const base = { host: OPENCODE_PLUGIN.host, file, dryRun, before };
  if (bytes !== null && !isOurs(bytes)) {
    throw new EngineError(
      'hook-file-invalid',
      `${file} exists and is not skill-map's; move it, then run again (nothing was written)`,
      {
        details: { file },
      },
    );
  }
  if (before === after) return { ...base, outcome: 'up-to-date', after };
  const outcome = before === null ? 'installed' : 'updated';
  if (dryRun) return { ...base, outcome, after };
  const record = readRecord(root);
  const createdDirs = missingDirs(root, file);
  writeFileAtomicSync(join(root, file), after);
  const prior = record.hosts.opencode;
  record.hosts.opencode = {
    file,
    original: null,
    createdDirs: prior?.file === file ? prior.createdDirs : createdDirs,
    written: sha(after),
    installedAt: prior?.installedAt ?? now,
  };
  writeRecord(root, record);
  return { ...base, outcome, after };
}

export function uninstallOpencodePlugin(root: string, dryRun: boolean): HookChange {
  const file = pluginFile(root);
  const bytes = readBytes(join(root, file));
  const base = { host: OPENCODE_PLUGIN.host, file, dryRun, before: bytes?.toString('utf8') ?? null };
  const record = readRecord(root);
  if (!isOurs(bytes)) {
    if (!dryRun) forgetHost(root, record, 'opencode');
    return { ...base, outcome: 'not-installed', after: base.before };
  }
  if (dryRun) return { ...base, outcome: 'removed', restore: 'deleted', after: null };
  rmSync(join(root, file), { force: true });
  const rec = record.hosts.opencode;
  if (rec?.file === file) removeCreatedDirs(root, rec.createdDirs);
  forgetHost(root, record, 'opencode');
  return { ...base, outcome: 'removed', restore: 'deleted', after: null };
}

/** `installed` (this argv's source, or any of ours when argv is null), `outdated`, or `absent`. */
export function opencodePluginStatus(root: string, argv: readonly string[] | null): HostHookStatus {
  let file: string;
  let bytes: Buffer | null;
  try {
    file = pluginFile(root);
    bytes = readBytes(join(root, file));
  } catch (err) {
    if (!isEngineError(err, 'hook-file-invalid')) throw err;
    return { host: OPENCODE_PLUGIN.host, file: null, state: 'invalid', reports: OPENCODE_PLUGIN.reports };
  }
  const base = { host: OPENCODE_PLUGIN.host, file, reports: OPENCODE_PLUGIN.reports };
  if (!isOurs(bytes)) return { ...base, state: 'absent' };
  const current = argv === null || bytes?.toString('utf8') === opencodePluginSource(argv);
  return { ...base, state: current ? 'installed' : 'outdated' };
}

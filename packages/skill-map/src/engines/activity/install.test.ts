import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isEngineError } from '../errors.js';
import { activityHookStatus, installActivityHooks, uninstallActivityHooks } from './index.js';

const ARGV = ['/usr/bin/node', '/opt/sm/bin/sm.js'];
const CMD = '/usr/bin/node /opt/sm/bin/sm.js activity report --for claude';
const SETTINGS = '.claude/settings.local.json';

let root: string;
const write = (rel: string, text: string | Buffer): void => {
  mkdirSync(dirname(join(root, rel)), { recursive: true });
  writeFileSync(join(root, rel), text);
};
const read = (rel: string): string => readFileSync(join(root, rel), 'utf8');
const state = (host = 'claude'): string | undefined =>
  activityHookStatus(root, { host, argv: ARGV })[0]?.state;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'sm-activity-install-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('activity hook install / uninstall', () => {
  it('creates the file (and folder) when absent; uninstall removes both again', () => {
    const r = installActivityHooks(root, { argv: ARGV });
    expect(r).toMatchObject({ outcome: 'installed', file: SETTINGS, before: null });
    expect(JSON.parse(read(SETTINGS))).toEqual({
      hooks: {
        PreToolUse: [
          { matcher: 'Skill|Task|Agent', hooks: [{ type: 'command', command: CMD, timeout: 10 }] },
        ],
        UserPromptSubmit: [{ hooks: [{ type: 'command', command: CMD, timeout: 10 }] }],
      },
    });
    expect(state()).toBe('installed');
    expect(uninstallActivityHooks(root, {})).toMatchObject({ outcome: 'removed', restore: 'deleted' });
    expect(existsSync(join(root, '.claude'))).toBe(false);
    expect(existsSync(join(root, '.skill-map', 'activity-hooks.bak'))).toBe(false);
    expect(state()).toBe('absent');
  });

  it('is idempotent, and restores odd bytes exactly (BOM, CRLF, tabs, no final newline, key order)', () => {
    const original = Buffer.from(
      '\ufeff{\r\n\t"zeta": 1,\r\n\t"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "x"}]}]},\r\n\t"alpha": [ ]\r\n}',
    );
    write(SETTINGS, original);
    expect(installActivityHooks(root, { argv: ARGV }).outcome).toBe('installed');
    const once = read(SETTINGS);
    expect(once).toContain('\r\n\t"hooks"');
    expect(installActivityHooks(root, { argv: ARGV }).outcome).toBe('up-to-date');
    expect(read(SETTINGS)).toBe(once);
    // A new bin path updates our entries in place of the old ones, and uninstall still gives the first bytes back.
    const moved = ['/usr/bin/node', '/srv/sm/bin/sm.js'];
    expect(state()).toBe('installed');
    expect(installActivityHooks(root, { argv: moved }).outcome).toBe('updated');
    expect(state()).toBe('outdated');
    expect(read(SETTINGS).split('activity report').length - 1).toBe(2);
    expect(uninstallActivityHooks(root, {})).toMatchObject({ restore: 'original-bytes' });
    expect(readFileSync(join(root, SETTINGS)).equals(original)).toBe(true);
  });

  it('after the host edited the file, uninstall takes out only our entries and keeps the edit', () => {
    write(
      SETTINGS,
      '{\n  "hooks": {\n    "PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "guard"}]}]\n  }\n}\n',
    );
    installActivityHooks(root, { argv: ARGV });
    const doc = JSON.parse(read(SETTINGS)) as Record<string, unknown>;
    write(SETTINGS, `${JSON.stringify({ ...doc, permissions: { allow: ['Bash(ls)'] } }, null, 2)}\n`);
    expect(uninstallActivityHooks(root, {})).toMatchObject({ restore: 'entries-removed' });
    expect(read(SETTINGS)).toBe(
      `${JSON.stringify(
        {
          hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'guard' }] }] },
          permissions: { allow: ['Bash(ls)'] },
        },
        null,
        2,
      )}\n`,
    );
  });

  it('a handler of ours sharing a group with someone else’s leaves theirs in place', () => {
    write(
      SETTINGS,
      JSON.stringify({
        hooks: {
          UserPromptSubmit: [
            {
              hooks: [
                { type: 'command', command: 'log' },
                { type: 'command', command: CMD },
              ],
            },
          ],
          Stop: [],
        },
      }),
    );
    expect(uninstallActivityHooks(root, {})).toMatchObject({ restore: 'entries-removed' });
    expect(JSON.parse(read(SETTINGS))).toEqual({
      hooks: { UserPromptSubmit: [{ hooks: [{ type: 'command', command: 'log' }] }], Stop: [] },
    });
  });

  it('--dry-run computes the change and writes nothing', () => {
    write(SETTINGS, '{}\n');
    const r = installActivityHooks(root, { argv: ARGV, dryRun: true });
    expect(r).toMatchObject({ outcome: 'installed', dryRun: true });
    expect(r.after).toContain('activity report --for claude');
    expect(read(SETTINGS)).toBe('{}\n');
    expect(existsSync(join(root, '.skill-map'))).toBe(false);
    installActivityHooks(root, { argv: ARGV });
    const installed = read(SETTINGS);
    expect(uninstallActivityHooks(root, { dryRun: true })).toMatchObject({
      outcome: 'removed',
      after: '{}\n',
    });
    expect(read(SETTINGS)).toBe(installed);
  });

  it('refuses a file it cannot parse, and never rewrites it', () => {
    for (const bad of ['{ "hooks": ', '[]', '{"hooks": []}', '{"hooks": {"PreToolUse": {}}}']) {
      write(SETTINGS, bad);
      let err: unknown;
      try {
        installActivityHooks(root, { argv: ARGV });
      } catch (e) {
        err = e;
      }
      expect(isEngineError(err, 'hook-file-invalid'), bad).toBe(true);
      expect(read(SETTINGS)).toBe(bad);
      expect(state()).toBe('invalid');
    }
  });

  it('codex goes to .codex/hooks.json; unknown hosts are refused', () => {
    expect(installActivityHooks(root, { host: 'codex', argv: ARGV })).toMatchObject({
      file: '.codex/hooks.json',
      outcome: 'installed',
    });
    const doc = JSON.parse(read('.codex/hooks.json')) as { hooks: Record<string, unknown> };
    expect(Object.keys(doc.hooks)).toEqual(['SubagentStart', 'UserPromptSubmit']);
    expect(JSON.stringify(doc)).toContain('activity report --for codex');
    expect(state('codex')).toBe('installed');
    expect(state()).toBe('absent');
    expect(() => installActivityHooks(root, { host: 'cursor', argv: ARGV })).toThrow(/unknown host 'cursor'/);
  });

  it('opencode gets a relay plugin file of its own; uninstall deletes it and the folders it made', () => {
    const r = installActivityHooks(root, { host: 'opencode', argv: ARGV });
    expect(r).toMatchObject({ outcome: 'installed', file: '.opencode/plugins/skill-map-activity.js' });
    const source = read('.opencode/plugins/skill-map-activity.js');
    expect(source).toContain('["/usr/bin/node","/opt/sm/bin/sm.js","activity","report","--for","opencode"]');
    expect(installActivityHooks(root, { host: 'opencode', argv: ARGV }).outcome).toBe('up-to-date');
    expect(state('opencode')).toBe('installed');
    expect(uninstallActivityHooks(root, { host: 'opencode' })).toMatchObject({ outcome: 'removed' });
    expect(existsSync(join(root, '.opencode'))).toBe(false);
    // An older layout's folder is used when it is the one that exists; a foreign file there is never overwritten.
    write('.opencode/plugin/skill-map-activity.js', 'export const Mine = async () => ({});\n');
    expect(() => installActivityHooks(root, { host: 'opencode', argv: ARGV })).toThrow(/is not skill-map's/);
    expect(read('.opencode/plugin/skill-map-activity.js')).toBe('export const Mine = async () => ({});\n');
    expect(uninstallActivityHooks(root, { host: 'opencode' }).outcome).toBe('not-installed');
    expect(existsSync(join(root, '.opencode/plugin/skill-map-activity.js'))).toBe(true);
  });
});

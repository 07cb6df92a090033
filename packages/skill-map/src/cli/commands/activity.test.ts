import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../testing/run-cli.js';
import { hookArgv } from './activity.js';

const BIN = realpathSync(fileURLToPath(new URL('../../../bin/sm.js', import.meta.url)));
let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'sm-activity-cli-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('the hook command install writes', () => {
  it('is plain `sm` when the sm on PATH is this bin, outside node_modules/.bin', () => {
    const bin = join(root, 'bin');
    const npmBin = join(root, 'node_modules', '.bin');
    mkdirSync(bin, { recursive: true });
    mkdirSync(npmBin, { recursive: true });
    symlinkSync(BIN, join(npmBin, 'sm'));
    expect(hookArgv({ PATH: npmBin })).toEqual([process.execPath, BIN]);
    symlinkSync(BIN, join(bin, 'sm'));
    expect(hookArgv({ PATH: [npmBin, bin].join(':') })).toEqual(['sm']);
    writeFileSync(join(root, 'sm'), '#!/bin/sh\n'); // another sm first on the PATH: not ours
    expect(hookArgv({ PATH: root })).toEqual([process.execPath, BIN]);
  });
});

describe('sm activity (in process)', () => {
  const sm = (...argv: string[]) => runCli(argv, { cwd: root, env: { PATH: '' } });

  it('--dry-run prints the file as it would read and writes nothing', async () => {
    const r = await sm('activity', 'install', '--dry-run');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('would install activity hooks for claude in .claude/settings.local.json');
    expect(r.stdout).toContain(`activity report --for claude`);
    expect(() => readFileSync(join(root, '.claude/settings.local.json'))).toThrow();
  });

  it('refuses an unparseable settings file with exit 2 and leaves it alone', async () => {
    mkdirSync(join(root, '.claude'));
    writeFileSync(join(root, '.claude/settings.local.json'), '{ "hooks": [ }');
    const r = await sm('activity', 'install');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/\.claude\/settings\.local\.json cannot be edited: it is not valid JSON/);
    expect(readFileSync(join(root, '.claude/settings.local.json'), 'utf8')).toBe('{ "hooks": [ }');
  });

  it('usage errors name the subcommands; unknown hosts are refused', async () => {
    expect((await sm('activity')).code).toBe(2);
    expect((await sm('activity', 'frobnicate')).stderr).toContain("unknown activity subcommand 'frobnicate'");
    expect((await sm('activity', 'install', '--for', 'cursor')).stderr).toContain("unknown host 'cursor'");
  });

  it('status lists every host and says when no server runs', async () => {
    const r = await sm('activity', 'status', '--json');
    const body = r.json<{ hosts: Array<{ host: string; state: string }>; server: unknown }>();
    expect(body.hosts.map((h) => [h.host, h.state])).toEqual([
      ['claude', 'absent'],
      ['codex', 'absent'],
      ['opencode', 'absent'],
    ]);
    expect(body.server).toBeNull();
  });
});

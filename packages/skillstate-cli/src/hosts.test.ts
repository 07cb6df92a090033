import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { detectHosts, parseHostList } from './hosts.js';

describe('parseHostList', () => {
  it('accepts comma lists, repeats, case and all, in canonical order without duplicates', () => {
    expect(parseHostList(['cursor,Claude', 'claude'])).toEqual(['claude', 'cursor']);
    expect(parseHostList(['all'])).toEqual(['claude', 'codex', 'opencode', 'cursor']);
    expect(parseHostList([' opencode , '])).toEqual(['opencode']);
  });

  it('rejects unknown names as usage errors', () => {
    expect(() => parseHostList(['claude,vscode'])).toThrow(expect.objectContaining({ code: 'USAGE' }));
  });
});

describe('detectHosts', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));
  const temp = (): string => {
    const d = mkdtempSync(join(tmpdir(), 'skillstate-hosts-'));
    dirs.push(d);
    return d;
  };

  it('finds each host by its home or project marker', () => {
    const home = temp();
    const project = temp();
    mkdirSync(join(home, '.codex'));
    writeFileSync(join(project, 'opencode.jsonc'), '{}');
    expect(detectHosts(home, project)).toEqual(['codex', 'opencode']);
    mkdirSync(join(project, '.claude'));
    mkdirSync(join(home, '.cursor'));
    expect(detectHosts(home, project)).toEqual(['claude', 'codex', 'opencode', 'cursor']);
  });

  it('throws NO_HOST listing every marker it checked', () => {
    expect(() => detectHosts(temp(), temp())).toThrow(expect.objectContaining({ code: 'NO_HOST' }));
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { createTempTree } from '../../adapters/testing/temp-tree.js';
import type { TempTree } from '../../adapters/testing/temp-tree.js';
import { LENS_PROVIDERS } from '../../kernel/index.js';
import { isEngineError } from '../errors.js';
import { processingSkillDirs } from './gate.js';
import { AGENT_HOSTS, defaultHost, hostSkillDir, parseHost } from './hosts.js';

let tree: TempTree | undefined;
afterEach(() => tree?.remove());

const ctxOf = (files: Record<string, string>, config: Record<string, unknown> = {}) => {
  tree = createTempTree('sm-hosts-');
  tree.write(files);
  return { scopeRoot: tree.root, config: () => config };
};

describe('agent hosts', () => {
  it('take their skill directories from the providers, all of them covered by the gate', () => {
    for (const host of AGENT_HOSTS) {
      const provider = LENS_PROVIDERS.find((p) => p.id === host);
      expect(hostSkillDir(host)).toBe(provider?.skillDir);
      expect(processingSkillDirs()).toContain(hostSkillDir(host));
    }
  });

  it('parse --for strictly, naming the accepted hosts', () => {
    expect(parseHost('opencode')).toBe('opencode');
    let err: unknown;
    try {
      parseHost('Claude');
    } catch (e) {
      err = e;
    }
    expect(isEngineError(err, 'invalid-input')).toBe(true);
    expect(isEngineError(err) && err.details).toMatchObject({ accepted: [...AGENT_HOSTS] });
  });

  it('default to the lens in provider precedence, the committed setting first, else claude', () => {
    expect(defaultHost(ctxOf({ '.opencode/x.md': 'x', '.claude/x.md': 'x' }))).toBe('claude');
    expect(defaultHost(ctxOf({ '.codex/config.toml': '' }))).toBe('codex');
    expect(defaultHost(ctxOf({ '.claude/x.md': 'x' }, { activeProvider: ['opencode'] }))).toBe('opencode');
    expect(defaultHost(ctxOf({ '.cursor/rules/a.mdc': 'x' }))).toBe('claude');
    expect(defaultHost(ctxOf({ 'README.md': '#' }))).toBe('claude');
  });
});

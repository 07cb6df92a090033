import { describe, expect, it } from 'vitest';
import { createMemoryMapReader } from '../read/memory-map-reader.js';
import { makeNode, makeScan } from '../testing/fixtures.js';
import type { Invocation } from './activity-store.js';
import { createInvocationResolver } from './invocation-resolver.js';

const inv = (name: string, kinds: string[], extra: Partial<Invocation> = {}): Invocation => ({
  type: 'invocation',
  host: 'claude',
  kinds,
  name,
  ...extra,
});

describe('invocation resolver', () => {
  let scan = makeScan([
    makeNode('.claude/skills/review/SKILL.md', 'skill', { frontmatter: { name: 'review' } }),
    makeNode('.claude/agents/coder.md', 'agent', { frontmatter: { name: 'coder-bot' } }),
    makeNode('.claude/agents/planner.md', 'agent', { frontmatter: { name: 'planner' } }),
    makeNode('.claude/commands/review.md', 'command', { frontmatter: {} }),
    makeNode('.codex/agents/planner.toml', 'agent', { provider: 'codex', frontmatter: { name: 'planner' } }),
    makeNode('docs/review.md', 'markdown', { provider: 'core/markdown', frontmatter: {} }),
  ]);
  const resolver = createInvocationResolver(createMemoryMapReader(() => scan, { scopeRoot: '/p' }));

  it('resolves names through the kernel handles, in the kinds order asked, the host first', () => {
    expect(resolver.resolve(inv('review', ['skill', 'command']))).toEqual({
      type: 'node.activity',
      node: '.claude/skills/review/SKILL.md',
    });
    expect(resolver.resolve(inv('Review', ['command', 'skill']))).toMatchObject({
      node: '.claude/commands/review.md',
    });
    expect(resolver.resolve(inv('coder-bot', ['agent']))).toMatchObject({ node: '.claude/agents/coder.md' });
    expect(resolver.resolve(inv('coder', ['agent']))).toMatchObject({ node: '.claude/agents/coder.md' });
    expect(resolver.resolve(inv('planner', ['agent'], { host: 'codex' }))).toMatchObject({
      node: '.codex/agents/planner.toml',
    });
  });

  it('a call from inside an agent is a spawn pair; unknown names and other kinds resolve to nothing', () => {
    expect(resolver.resolve(inv('coder-bot', ['agent'], { by: 'planner', at: 5 }))).toEqual({
      type: 'agent.spawn',
      from: '.claude/agents/planner.md',
      to: '.claude/agents/coder.md',
      at: 5,
    });
    expect(resolver.resolve(inv('coder-bot', ['agent'], { by: 'general-purpose' }))).toMatchObject({
      type: 'node.activity',
    });
    expect(resolver.resolve(inv('general-purpose', ['agent']))).toBeNull();
    expect(resolver.resolve(inv('review', ['agent']))).toBeNull();
  });

  it('sees a new scan once invalidated', () => {
    expect(resolver.resolve(inv('fresh', ['skill']))).toBeNull();
    scan = makeScan([makeNode('.claude/skills/fresh/SKILL.md', 'skill', { frontmatter: { name: 'fresh' } })]);
    resolver.invalidate();
    expect(resolver.resolve(inv('fresh', ['skill']))).toMatchObject({
      node: '.claude/skills/fresh/SKILL.md',
    });
  });
});

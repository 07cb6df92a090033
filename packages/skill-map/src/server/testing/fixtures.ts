import { createHash } from 'node:crypto';
import type { Issue, Link, Node, ScanResult } from '@skill-map/spec';

const sha = (s: string): string => createHash('sha256').update(s).digest('hex');

/** A schema-valid node for tests. */
export function makeNode(path: string, kind = 'skill', extra: Partial<Node> = {}): Node {
  return {
    path,
    kind,
    provider: 'claude',
    frontmatter: {
      name: path.split('/').at(-1)?.replace(/\.md$/, '') ?? path,
      description: `the ${kind} at ${path}`,
    },
    bodyHash: sha(`body:${path}`),
    frontmatterHash: sha(`fm:${path}`),
    bytes: { frontmatter: 40, body: 200, total: 240 },
    linksOutCount: 0,
    linksInCount: 0,
    externalRefsCount: 0,
    ...extra,
  };
}

/** A schema-valid link for tests. */
export function makeLink(
  source: string,
  target: string,
  kind: Link['kind'] = 'references',
  extra: Partial<Link> = {},
): Link {
  return {
    source,
    target,
    kind,
    confidence: 1,
    sources: ['core/markdown-link'],
    resolvedTarget: target,
    ...extra,
  };
}

/** A schema-valid issue for tests. */
export function makeIssue(
  analyzerId: string,
  nodeIds: string[],
  severity: Issue['severity'] = 'warn',
  extra: Partial<Issue> = {},
): Issue {
  return { analyzerId, severity, nodeIds, message: `${analyzerId} on ${nodeIds.join(', ')}`, ...extra };
}

/** Wraps arrays into a ScanResult. */
export function makeScan(
  nodes: Node[],
  links: Link[] = [],
  issues: Issue[] = [],
  extra: Partial<ScanResult> = {},
): ScanResult {
  return {
    schemaVersion: 1,
    scannedAt: 1_700_000_000_000,
    roots: ['.'],
    nodes,
    links,
    issues,
    stats: {
      filesWalked: nodes.length,
      filesSkipped: 0,
      nodesCount: nodes.length,
      linksCount: links.length,
      issuesCount: issues.length,
      durationMs: 5,
    },
    maxRenderNodes: 256,
    scanCeiling: 5000,
    scanTruncated: false,
    ...extra,
  };
}

/** A small graph: two skills, an agent, a command, a nested doc, one broken and one trigger link, issues. */
export function sampleScan(): ScanResult {
  const nodes = [
    makeNode('.claude/agents/reviewer.md', 'agent'),
    makeNode('.claude/commands/deploy.md', 'command'),
    makeNode('.claude/skills/lint/SKILL.md', 'skill'),
    makeNode('.claude/skills/test/SKILL.md', 'skill'),
    makeNode('docs/guide/intro.md', 'markdown'),
    makeNode('README.md', 'markdown'),
  ];
  const links = [
    makeLink('README.md', 'docs/guide/intro.md'),
    makeLink('.claude/agents/reviewer.md', '.claude/skills/lint/SKILL.md', 'references'),
    makeLink('.claude/commands/deploy.md', '/lint', 'invokes', {
      resolvedTarget: '.claude/skills/lint/SKILL.md',
      trigger: { originalTrigger: '/lint', normalizedTrigger: '/lint' },
    }),
    makeLink('docs/guide/intro.md', 'docs/missing.md', 'references', {
      resolvedTarget: null,
      confidence: 0.25,
    }),
  ];
  const issues = [
    makeIssue('reference-broken', ['docs/guide/intro.md'], 'error', { data: { target: 'docs/missing.md' } }),
    makeIssue('name-mismatch', ['.claude/skills/test/SKILL.md'], 'warn'),
    makeIssue('reference-redundant', ['README.md', 'docs/guide/intro.md'], 'info'),
  ];
  return makeScan(nodes, links, issues);
}

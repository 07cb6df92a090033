import { createHash } from 'node:crypto';
import type { Issue, Link, Node, ScanResult } from '../domain.js';

const sha = (s: string): string => createHash('sha256').update(s).digest('hex');

/** A plausible node for tests; `body` drives the body hash (test support only). */
export function makeNode(path: string, body = `body of ${path}`, extra: Partial<Node> = {}): Node {
  const name = path.split('/').at(-1)?.replace(/\.md$/, '') ?? path;
  return {
    path,
    kind: 'skill',
    provider: 'claude',
    frontmatter: { name, description: `about ${name}` },
    bodyHash: sha(body),
    frontmatterHash: sha(`fm:${name}`),
    bytes: { frontmatter: 20, body: body.length, total: 20 + body.length },
    linksOutCount: 0,
    linksInCount: 0,
    externalRefsCount: 0,
    ...extra,
  };
}

/** A path-style reference link. */
export function makeLink(source: string, target: string, extra: Partial<Link> = {}): Link {
  return {
    source,
    target,
    kind: 'references',
    confidence: 1,
    sources: ['core/markdown-link'],
    trigger: null,
    location: { line: 1, column: 1, offset: 0 },
    raw: `[x](${target})`,
    resolvedTarget: target,
    ...extra,
  };
}

/** A broken-reference issue on one node. */
export function makeIssue(node: string, target: string, extra: Partial<Issue> = {}): Issue {
  return {
    analyzerId: 'reference-broken',
    severity: 'error',
    nodeIds: [node],
    message: `broken ${target}`,
    data: { target },
    ...extra,
  };
}

/** Wraps nodes, links and issues into a ScanResult with consistent counts. */
export function makeScan(nodes: Node[], links: Link[] = [], issues: Issue[] = []): ScanResult {
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
      durationMs: 1,
    },
    scanCeiling: 50_000,
    maxRenderNodes: 256,
  };
}

/** A synthetic project of `n` nodes, each linking to the next two and one broken target every 10 nodes. */
export function makeLargeScan(n: number): ScanResult {
  const nodes: Node[] = [];
  const links: Link[] = [];
  const issues: Issue[] = [];
  const p = (i: number): string => `.claude/skills/s${i}/SKILL.md`;
  for (let i = 0; i < n; i += 1) {
    nodes.push(makeNode(p(i), `body ${i}`, { linksOutCount: 2, linksInCount: i < 2 ? i : 2 }));
    links.push(makeLink(p(i), p((i + 1) % n)), makeLink(p(i), p((i + 2) % n)));
    if (i % 10 === 0) {
      links.push(makeLink(p(i), `missing-${i}.md`, { resolvedTarget: null, confidence: 0.25 }));
      issues.push(makeIssue(p(i), `missing-${i}.md`, { linkIndices: [links.length - 1] }));
    }
  }
  return makeScan(nodes, links, issues);
}

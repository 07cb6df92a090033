import type { MapLink, MapLinkState, MapNode, MapProjection, ScanResult } from '@skill-map/spec';

const SEVERITY_SLOT = { error: 0, warn: 1, info: 2 } as const;

function displayName(path: string, frontmatter: Record<string, unknown> | undefined): string {
  const name = frontmatter?.['name'];
  if (typeof name === 'string' && name !== '') return name;
  const parts = path.split('/');
  const base = parts[parts.length - 1] ?? path;
  // A skill is named by its folder.
  return base === 'SKILL.md' && parts.length > 1 ? (parts[parts.length - 2] ?? base) : base;
}

/** Projects a persisted scan onto what the map page draws. Pure; one pass over nodes, links and issues. */
export function projectMap(scan: ScanResult): MapProjection {
  const virtual = new Set<string>();
  const reserved = new Set<string>();
  const issueCounts = new Map<string, [number, number, number]>();
  for (const issue of scan.issues) {
    if (issue.analyzerId === 'name-reserved') for (const id of issue.nodeIds) reserved.add(id);
    for (const id of issue.nodeIds) {
      const counts = issueCounts.get(id) ?? [0, 0, 0];
      counts[SEVERITY_SLOT[issue.severity]]++;
      issueCounts.set(id, counts);
    }
  }
  const nodes: MapNode[] = scan.nodes.map((n) => {
    if (n.virtual === true) virtual.add(n.path);
    return {
      path: n.path,
      kind: n.kind,
      provider: n.provider,
      name: displayName(n.path, n.frontmatter),
      virtual: n.virtual === true,
      sidecar: n.sidecar?.present === true,
      issues: issueCounts.get(n.path) ?? [0, 0, 0],
    };
  });
  const links: MapLink[] = scan.links.map((l) => {
    const resolved = l.resolvedTarget ?? null;
    const state: MapLinkState =
      resolved === null
        ? 'broken'
        : virtual.has(resolved)
          ? 'virtual'
          : reserved.has(resolved)
            ? 'reserved'
            : 'ok';
    return { source: l.source, target: resolved ?? l.target, kind: l.kind, confidence: l.confidence, state };
  });
  return {
    schemaVersion: '1',
    kind: 'map',
    scannedAt: scan.scannedAt,
    roots: scan.roots,
    providers: scan.providers ?? [],
    counts: { nodes: nodes.length, links: links.length, issues: scan.issues.length },
    nodes,
    links,
    issues: scan.issues,
  };
}

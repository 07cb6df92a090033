import type { Analyzer } from '../analyzer.js';

/**
 * `core/annotation-stale`: a `.sm` sidecar whose recorded identity hashes no longer match its node (the body or
 * the frontmatter changed since the annotations were written). `info`: the annotations may still hold.
 */
export const annotationStaleAnalyzer: Analyzer = {
  id: 'core/annotation-stale',
  phase: 'detect',
  severity: 'info',
  suppressible: false,
  wholeGraph: 'node',
  description: "A .sm sidecar's recorded hashes no longer match its node (body or frontmatter changed).",
  hint: "review the annotations, then update the sidecar's identity hashes (or remove identity: to reseed it)",
  run(view, sink) {
    for (const [path, sc] of view.graph.sidecars) {
      const id = sc.identity;
      const node = view.graph.byPath.get(path);
      if (node === undefined || node.virtual === true || id === null) continue;
      if (id.bodyHash === null || id.frontmatterHash === null) continue;
      const body = id.bodyHash !== node.bodyHash;
      const fm = id.frontmatterHash !== node.frontmatterHash;
      if (!body && !fm) continue;
      const what = body && fm ? 'body and frontmatter' : body ? 'body' : 'frontmatter';
      sink.emit({
        analyzerId: 'annotation-stale',
        severity: 'info',
        nodeIds: [path],
        message: `Sidecar '${sc.path}' was written for another version of '${path}' (its ${what} changed)`,
        fix: { hint: annotationStaleAnalyzer.hint! },
        data: { sidecar: sc.path, stale: what, file: sc.path },
      });
    }
  },
};

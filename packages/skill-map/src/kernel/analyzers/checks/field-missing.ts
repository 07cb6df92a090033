import type { Node, Severity } from '@skill-map/spec';
import type { Analyzer } from '../analyzer.js';
import { stringField } from './values.js';

/** Providers whose skill format (the open Agent Skills spec) requires `name` and `description`. */
const STRICT_SKILL_HOSTS = new Set(['agent-skills', 'codex', 'opencode', 'antigravity', 'cursor']);

/** The fields a host requires of this node, each with the severity its absence gets. */
function required(node: Node): [string, Severity][] {
  if (node.kind === 'agent') {
    if (node.provider === 'claude' || node.provider === 'plugin' || node.provider === 'codex')
      return [
        ['name', 'warn'],
        ['description', 'warn'],
      ];
    if (node.provider === 'opencode') return [['description', 'warn']];
    return [];
  }
  if (node.kind === 'skill') {
    // Claude Code falls back to the folder name and the first paragraph: missing fields are only worth a note there.
    if (STRICT_SKILL_HOSTS.has(node.provider))
      return [
        ['name', 'warn'],
        ['description', 'warn'],
      ];
    return [['description', 'info']];
  }
  return [];
}

/** `core/frontmatter-field-missing`: a field the host requires (agent/skill `name`, `description`) is absent or empty. */
export const frontmatterFieldMissingAnalyzer: Analyzer = {
  id: 'core/frontmatter-field-missing',
  phase: 'detect',
  severity: 'varies',
  suppressible: true,
  wholeGraph: 'node',
  description: 'A required frontmatter field (agent or skill name / description) is missing or empty.',
  hint: 'add the field to the frontmatter (description: what it does and when to use it)',
  run(view, sink) {
    for (const node of view.graph.nodes) {
      if (node.virtual === true) continue;
      for (const [field, severity] of required(node)) {
        const value = stringField(node, field);
        if (value !== null && value !== '') continue;
        // A malformed or non-mapping frontmatter block is reported by the kernel already; say nothing more.
        if (node.frontmatter === undefined && node.bytes.frontmatter > 0) continue;
        sink.emit({
          analyzerId: 'frontmatter-field-missing',
          severity,
          nodeIds: [node.path],
          message:
            severity === 'info'
              ? `${node.kind} has no '${field}' in its frontmatter (the host falls back to the first paragraph; it decides when the ${node.kind} is used)`
              : `${node.kind} has no '${field}' in its frontmatter (${node.provider} requires it)`,
          fix: { hint: `add '${field}:' to the frontmatter` },
          data: { target: field, field, kind: node.kind, provider: node.provider },
        });
      }
    }
  },
};

import type { Analyzer } from './analyzer.js';

/** `core/name-mismatch`: a skill's `frontmatter.name` differs from its folder name. */
export const nameMismatchAnalyzer: Analyzer = {
  id: 'core/name-mismatch',
  phase: 'detect',
  severity: 'warn',
  suppressible: false,
  description: "A skill's frontmatter.name and its folder name differ.",
  run(view, sink) {
    const { identified, identifierLists } = view.graph;
    for (let i = 0; i < identified.length; i++) {
      const ids = identifierLists[i]!;
      if (ids.length < 2) continue;
      const node = identified[i]!;
      const declared = ids.find((i) => i.via === 'frontmatter.name');
      const derived = ids.find((i) => i.via !== 'frontmatter.name');
      // Only a skill must match its folder: agents are identified by `name` (Claude Code subagents), and a command's
      // plugin-prefixed or differing name is deliberate.
      if (declared === undefined || derived === undefined || node.kind !== 'skill') continue;
      sink.emit({
        analyzerId: 'name-mismatch',
        severity: 'warn',
        nodeIds: [node.path],
        message: `frontmatter name '${declared.handle}' does not match the ${derived.via} '${derived.handle}'`,
        data: { name: declared.handle, expected: derived.handle, via: derived.via },
      });
    }
  },
};

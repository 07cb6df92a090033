// Analyzer: runs over the whole graph after every file is mapped and every link resolved. Receives copies of the
// nodes and links; returns issues ({ severity, message, nodeIds, data? }). Must be synchronous and deterministic.
export default {
  kind: 'analyzer',
  id: 'prompt-description',
  version: '1.0.0',
  description: 'A Copilot prompt file without a description is hard to pick from the prompt list.',
  evaluate({ nodes }) {
    return nodes
      .filter((n) => n.provider === 'copilot/copilot' && n.kind === 'command')
      .filter((n) => typeof n.frontmatter?.description !== 'string' || n.frontmatter.description.trim() === '')
      .map((n) => ({
        severity: 'warn',
        message: `Prompt file '${n.path}' has no description: add \`description:\` to its frontmatter`,
        nodeIds: [n.path],
      }));
  },
};

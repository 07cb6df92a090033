// Analyzer: runs over the whole graph after every file is mapped and every link resolved. Receives copies of the
// nodes and links; returns issues ({ severity, message, nodeIds, data? }), or { issues, contributions } to also give
// nodes the data of a view contribution declared in plugin.json ({ id, nodeId, data }, data shaped by its render).
// Must be synchronous and deterministic.
const isPrompt = (n) => n.provider === 'copilot/copilot' && n.kind === 'command';
const described = (n) => typeof n.frontmatter?.description === 'string' && n.frontmatter.description.trim() !== '';

export default {
  kind: 'analyzer',
  id: 'prompt-description',
  version: '1.0.0',
  description: 'A Copilot prompt file without a description is hard to pick from the prompt list.',
  evaluate({ nodes }) {
    const prompts = nodes.filter(isPrompt);
    const issues = prompts
      .filter((n) => !described(n))
      .map((n) => ({
        severity: 'warn',
        message: `Prompt file '${n.path}' has no description: add \`description:\` to its frontmatter`,
        nodeIds: [n.path],
      }));
    // The 'prompt-stats' inspector panel (plugin.json contributions): a key-value table per prompt file.
    const contributions = prompts.map((n) => ({
      id: 'prompt-stats',
      nodeId: n.path,
      data: {
        description: described(n) ? n.frontmatter.description : '(none)',
        'body bytes': n.bytes.body,
        'linked from': n.linksInCount,
      },
    }));
    return { issues, contributions };
  },
};

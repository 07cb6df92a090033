// Analyzer: runs over the whole graph after every file is mapped and every link resolved. Receives copies of the
// nodes and links (ctx.nodes, ctx.links); returns issues ({ severity, message, nodeIds, data? }). Its `ui` map names
// the view slots it fills on the web page; ctx.emitContribution(nodePath, <a ui entry>, payload) gives a node its data,
// checked against the slot's payload schema (`sm plugins slots list`). Must be synchronous and deterministic.
const isPrompt = (n) => n.provider === 'copilot/copilot' && n.kind === 'command';
const described = (n) => typeof n.frontmatter?.description === 'string' && n.frontmatter.description.trim() !== '';

// The 'prompt-stats' inspector panel: a key/value table per prompt file.
const promptStats = {
  slot: 'inspector.body.panel.key-values',
  label: 'Prompt stats',
  tooltip: "A prompt file's description, body size and how many files link to it.",
};

export default {
  kind: 'analyzer',
  id: 'prompt-description',
  version: '1.0.0',
  description: 'A Copilot prompt file without a description is hard to pick from the prompt list.',
  ui: { 'prompt-stats': promptStats },
  evaluate(ctx) {
    const prompts = ctx.nodes.filter(isPrompt);
    const issues = prompts
      .filter((n) => !described(n))
      .map((n) => ({
        severity: 'warn',
        message: `Prompt file '${n.path}' has no description: add \`description:\` to its frontmatter`,
        nodeIds: [n.path],
      }));
    for (const n of prompts)
      ctx.emitContribution(n.path, promptStats, {
        pairs: [
          { key: 'description', value: described(n) ? n.frontmatter.description.slice(0, 512) : '(none)' },
          { key: 'body bytes', value: n.bytes.body },
          { key: 'linked from', value: n.linksInCount },
        ],
      });
    return issues;
  },
};

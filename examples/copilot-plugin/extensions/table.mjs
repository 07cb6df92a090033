// Formatter: `sm graph --format copilot-table` and `GET /api/graph?format=copilot-table`. Receives copies of the
// graph's nodes, links and issues; returns a string, the same for the same graph (sort what you print).
const cell = (s) => String(s).replaceAll('|', '\\|').replaceAll('\n', ' ');

export default {
  kind: 'formatter',
  id: 'table',
  version: '1.0.0',
  description: 'A Markdown table of the nodes: path, kind, provider, links out and in, issues.',
  format: 'copilot-table',
  contentType: 'text/markdown; charset=utf-8',
  render({ nodes, issues }) {
    const issueCount = new Map();
    for (const issue of issues) for (const id of issue.nodeIds) issueCount.set(id, (issueCount.get(id) ?? 0) + 1);
    const rows = [...nodes]
      .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
      .map((n) => `| ${cell(n.path)} | ${n.kind} | ${cell(n.provider)} | ${n.linksOutCount} | ${n.linksInCount} | ${issueCount.get(n.path) ?? 0} |`);
    return ['| path | kind | provider | out | in | issues |', '| --- | --- | --- | --- | --- | --- |', ...rows, ''].join('\n');
  },
};

/** Placeholder: the node panel (frontmatter, body, links, issues, findings, jobs, annotations). */
export function NodePanel({ path }: { path: string }) {
  return (
    <aside className="node-panel" aria-label="Node">
      <h2>{path}</h2>
    </aside>
  );
}

/** Placeholder: built by the web page issue's next step. */
export function IssuesView() {
  return <section className="issues-view" aria-label="IssuesView" />;
}

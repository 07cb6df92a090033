/** Placeholder: built by the web page issue's next step. */
export function JobsView() {
  return <section className="jobs-view" aria-label="JobsView" />;
}

/** Placeholder: built by the web page issue's next step. */
export function StatusBar() {
  return <section className="status-bar" aria-label="StatusBar" />;
}

/** Placeholder: built by the web page issue's next step. */
export function Toolbar() {
  return <section className="toolbar" aria-label="Toolbar" />;
}

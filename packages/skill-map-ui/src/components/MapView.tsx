/** Placeholder: built by the web page issue's next step. */
export function MapView() {
  return <section className="map-view" aria-label="MapView" />;
}

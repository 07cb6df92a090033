import { memo, useEffect, useState } from 'react';
import type { MapProjection } from '../api/types';
import {
  currentTheme,
  hostColor,
  kindColor,
  kindLabel,
  KIND_ORDER,
  linkColor,
  LINK_ORDER,
  palette,
  type Theme,
} from '../map/colors';
import { loadLegendOpen, saveLegendOpen } from '../map/persist';
import { store, useApp } from '../state/store';

function useTheme(): Theme {
  const [theme, setTheme] = useState<Theme>(currentTheme());
  useEffect(() => {
    const mq = matchMedia('(prefers-color-scheme: dark)');
    const on = (): void => setTheme(currentTheme());
    mq.addEventListener('change', on);
    return () => mq.removeEventListener('change', on);
  }, []);
  return theme;
}

const Dot = ({ fill, ring, hollow = false }: { fill: string; ring: string; hollow?: boolean }) => (
  <span
    className="legend-dot"
    aria-hidden="true"
    style={
      hollow ? { borderColor: fill, background: 'transparent' } : { background: fill, borderColor: ring }
    }
  />
);

/** What the colours and shapes of the map mean (only the kinds and hosts the map has); folded at first. */
export const Legend = memo(function Legend({
  map,
  activity,
}: {
  map: MapProjection | null;
  activity: boolean;
}) {
  const theme = useTheme();
  const pal = palette(theme);
  // Folded on a first visit; then as the person last left it (kept in the browser's storage).
  const [open, setOpen] = useState(loadLegendOpen);
  const labelPaths = useApp((s) => s.labelPaths);
  if (map === null || map.nodes.length === 0) return null;
  const present = new Set(map.nodes.map((n) => n.kind));
  const kinds = [
    ...KIND_ORDER.filter((k) => present.has(k)),
    ...[...present].filter((k) => !KIND_ORDER.includes(k)).sort(),
  ];
  const hosts = [...new Set(map.nodes.map((n) => n.provider))].sort();
  const states = new Set(map.links.map((l) => l.state));
  return (
    <aside className="map-legend" aria-label="Legend">
      <button
        type="button"
        className="legend-toggle"
        aria-expanded={open}
        onClick={() => {
          saveLegendOpen(!open);
          setOpen(!open);
        }}
      >
        Legend
      </button>
      {open && (
        <div className="legend-body">
          <label className="legend-paths">
            <input
              type="checkbox"
              checked={labelPaths}
              onChange={(e) => store.set({ labelPaths: e.target.checked })}
            />{' '}
            Label nodes with their paths
          </label>
          <h2 className="legend-title">Kinds (fill)</h2>
          <ul>
            {kinds.map((k) => (
              <li key={k}>
                <Dot fill={kindColor(k, theme)} ring={kindColor(k, theme)} /> {kindLabel(k)}
              </li>
            ))}
          </ul>
          <h2 className="legend-title">Hosts (ring, circle)</h2>
          <ul>
            {hosts.map((h) => (
              <li key={h}>
                <Dot fill={pal.bg} ring={hostColor(h, hosts, theme)} /> {h}
              </li>
            ))}
          </ul>
          <h2 className="legend-title">Links (colour by kind, opacity by confidence)</h2>
          <ul>
            {LINK_ORDER.map((k) => (
              <li key={k}>
                <span
                  className="legend-line"
                  aria-hidden="true"
                  style={{ background: linkColor(k, theme) }}
                />{' '}
                {k}
              </li>
            ))}
          </ul>
          <h2 className="legend-title">Targets and issues</h2>
          <ul>
            <li>
              <Dot fill={pal.state.broken} ring={pal.bg} hollow /> broken target
              {states.has('broken') ? '' : ' (none)'}
            </li>
            <li>
              <Dot fill={pal.state.reserved} ring={pal.bg} hollow /> reserved name
            </li>
            <li>
              <Dot fill={pal.state.virtual} ring={pal.bg} hollow /> virtual (MCP server)
            </li>
            <li>
              <Dot fill={pal.bg} ring={pal.error} /> has errors
            </li>
            <li>
              <Dot fill={pal.bg} ring={pal.warn} /> has warnings
            </li>
          </ul>
          {activity && (
            <>
              <h2 className="legend-title">Activity (since the server started)</h2>
              <ul className="legend-wide" data-testid="legend-activity">
                <li>
                  <span
                    className="legend-dot legend-ran"
                    aria-hidden="true"
                    style={{ outlineColor: pal.activity }}
                  />{' '}
                  ran (brighter: more recent, wider: more runs)
                </li>
                <li>
                  <span className="legend-arrow" aria-hidden="true" style={{ color: pal.spawn }} /> started
                  (agent or session → what it spawned)
                </li>
              </ul>
            </>
          )}
        </div>
      )}
    </aside>
  );
});

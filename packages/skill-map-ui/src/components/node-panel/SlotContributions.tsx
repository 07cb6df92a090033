// The plugins' view contributions in the view-slot catalog's slots, for the open node: the `inspector.body.panel.*`
// panels (one section each, under the contribution's label) and the `inspector.header.badge` badges. The payload was
// checked against its slot's schema when the plugin emitted it; everything is still drawn as text (React escapes every
// string; a markdown panel shows its text as written), a plugin never puts markup on the page.
import type { ContributionRegistryEntry, NodeBundle } from '../../api/types';
import { nodeHref } from '../../markdown/resolve-link';
import { KeyValueTable } from './Value';

interface Contribution {
  id: string;
  entry: ContributionRegistryEntry;
  data: Record<string, unknown>;
}

const PANEL = 'inspector.body.panel.';
const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const list = (v: unknown): Record<string, unknown>[] => (Array.isArray(v) ? v.filter(isRecord) : []);
/** A scalar as text (the slot schemas allow only scalars where it is used; anything else shows as JSON). */
const text = (v: unknown): string =>
  v === null || v === undefined
    ? ''
    : typeof v === 'string'
      ? v
      : typeof v === 'number' || typeof v === 'boolean'
        ? String(v)
        : JSON.stringify(v);

/** The node's contributions whose slot `match` accepts, by priority then id (registry entries with data only). */
function contributionsOf(bundle: NodeBundle, match: (slot: string) => boolean): Contribution[] {
  const registry = bundle.contributionsRegistry ?? {};
  const out: Contribution[] = [];
  for (const c of bundle.item.contributions ?? []) {
    const entry = registry[c.id];
    if (entry !== undefined && match(entry.slot) && isRecord(c.data))
      out.push({ id: c.id, entry, data: c.data });
  }
  return out.sort(
    (a, b) => (a.entry.priority ?? 100) - (b.entry.priority ?? 100) || a.id.localeCompare(b.id),
  );
}

function Tree({ node, depth }: { node: Record<string, unknown>; depth: number }) {
  const children = depth < 6 ? list(node['children']) : [];
  return (
    <li title={text(node['tooltip']) || undefined}>
      {text(node['label'])}
      {children.length > 0 && (
        <ul>
          {children.map((c, i) => (
            <Tree key={i} node={c} depth={depth + 1} />
          ))}
        </ul>
      )}
    </li>
  );
}

/** A panel's body, by slot. */
function PanelBody({ slot, data }: { slot: string; data: Record<string, unknown> }) {
  if (slot === `${PANEL}key-values`)
    return <KeyValueTable entries={list(data['pairs']).map((p) => [text(p['key']), p['value']])} />;
  if (slot === `${PANEL}breakdown`) {
    const bars = list(data['bars']);
    const max = Math.max(1, ...bars.map((b) => Number(b['value']) || 0));
    return (
      <ul className="contribution-bars">
        {bars.map((b, i) => (
          <li key={i} title={text(b['tooltip']) || undefined}>
            <span className="contribution-bar-label">{text(b['label'])}</span>
            <meter min={0} max={max} value={Number(b['value']) || 0} />
            <span className="contribution-bar-value">{text(b['value'])}</span>
          </li>
        ))}
      </ul>
    );
  }
  if (slot === `${PANEL}link-list`)
    return (
      <ul className="contribution-list">
        {list(data['links']).map((l, i) => (
          <li key={i}>
            <a href={nodeHref(text(l['path']))} data-node={text(l['path'])}>
              {text(l['label']) || text(l['path'])}
            </a>
          </li>
        ))}
      </ul>
    );
  if (slot === `${PANEL}records`) {
    const columns = list(data['columns']);
    return (
      <table className="kv-table contribution-records">
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={text(c['key'])}>{text(c['label'])}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {list(data['rows']).map((r, i) => (
            <tr key={i}>
              {columns.map((c) => (
                <td key={text(c['key'])}>{text(r[text(c['key'])])}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    );
  }
  if (slot === `${PANEL}tree`)
    return (
      <ul className="contribution-tree">
        <Tree node={data} depth={0} />
      </ul>
    );
  return <p className="contribution-text">{text(data['markdown'])}</p>;
}

/** The `inspector.body.panel.*` contributions with data for the open node, one section each. */
export function SlotPanels({ bundle }: { bundle: NodeBundle }) {
  return (
    <>
      {contributionsOf(bundle, (s) => s.startsWith(PANEL)).map(({ id, entry, data }) => {
        const headingId = `panel-slot-${id.replace(/[^a-z0-9-]/gi, '-')}`;
        return (
          <section
            key={id}
            className="panel-section panel-contribution"
            aria-labelledby={headingId}
            data-contribution={id}
            data-slot={entry.slot}
          >
            <div className="panel-section-head">
              <h3 id={headingId} title={entry.tooltip}>
                {entry.title}
              </h3>
              <span className="panel-count" title={`from the ${entry.pluginId} plugin`}>
                {entry.pluginId}
              </span>
            </div>
            <PanelBody slot={entry.slot} data={data} />
          </section>
        );
      })}
    </>
  );
}

/** A header badge's text: its label and count (an icon class is not drawn; an emoji icon is text). */
function badgeText(data: Record<string, unknown>): string {
  const icon = text(data['icon']);
  const emoji = icon !== '' && !/^(pi|fa)[ -]/.test(icon) ? icon : '';
  return [emoji, text(data['label']), text(data['count'])].filter((s) => s !== '').join(' ');
}

/** The `inspector.header.badge` contributions with data for the open node, as chips titled by their tooltip. */
export function SlotBadges({ bundle }: { bundle: NodeBundle }) {
  const badges = contributionsOf(bundle, (s) => s === 'inspector.header.badge');
  if (badges.length === 0) return null;
  return (
    <ul className="panel-badges" aria-label="Plugin header badges">
      {badges.map(({ id, entry, data }) => (
        <li
          key={id}
          className="panel-badge"
          data-contribution={id}
          data-severity={text(data['severity']) || undefined}
          title={`${text(data['tooltip']) || entry.title} (${entry.pluginId})`}
        >
          {badgeText(data) || entry.title}
        </li>
      ))}
    </ul>
  );
}

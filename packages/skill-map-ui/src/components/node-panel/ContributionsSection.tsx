// The plugins' inspector panels and badges for the open node: each `inspector-panel` view contribution (the node envelope's
// `contributionsRegistry`) that applies to the node's kind and has data for it, under its title. The data is drawn as
// text only (a paragraph, a key/value table, a list): React escapes every string, a plugin never puts markup here.
import type { ContributionRegistryEntry, NodeBundle } from '../../api/types';
import { KeyValueTable } from './Value';

interface Panel {
  id: string;
  entry: ContributionRegistryEntry;
  data: unknown;
}

/** The contributions of `slot` to draw, in registry order: declared for the node's kind, with data for it. */
export function slotContributions(bundle: NodeBundle, slot: ContributionRegistryEntry['slot']): Panel[] {
  const registry = bundle.contributionsRegistry ?? {};
  const data = new Map((bundle.item.contributions ?? []).map((c) => [c.id, c.data]));
  return Object.entries(registry)
    .filter(([id, e]) => e.slot === slot && data.has(id))
    .filter(([, e]) => e.kinds === undefined || e.kinds.includes(bundle.item.kind))
    .map(([id, entry]) => ({ id, entry, data: data.get(id) }));
}

const scalarText = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v));

function PanelBody({ render, data }: { render: ContributionRegistryEntry['render']; data: unknown }) {
  if (render === 'text') return <p className="contribution-text">{scalarText(data)}</p>;
  if (render === 'list')
    return (
      <ul className="contribution-list">
        {(Array.isArray(data) ? data : []).map((v, i) => (
          <li key={i}>{scalarText(v)}</li>
        ))}
      </ul>
    );
  const entries = typeof data === 'object' && data !== null ? Object.entries(data) : [];
  return <KeyValueTable entries={entries} />;
}

export function ContributionsSection({ bundle }: { bundle: NodeBundle }) {
  return (
    <>
      {slotContributions(bundle, 'inspector-panel').map(({ id, entry, data }) => {
        const headingId = `panel-contribution-${id.replace(/[^a-z0-9-]/gi, '-')}`;
        return (
          <section
            key={id}
            className="panel-section panel-contribution"
            aria-labelledby={headingId}
            data-contribution={id}
          >
            <div className="panel-section-head">
              <h3 id={headingId}>{entry.title}</h3>
              <span className="panel-count" title={`from the ${entry.pluginId} plugin`}>
                {entry.pluginId}
              </span>
            </div>
            <PanelBody render={entry.render} data={data} />
          </section>
        );
      })}
    </>
  );
}

/** A badge's one line of text: a text as is, a list comma-joined, a key/value object as `key: value` pairs. */
function badgeText(data: unknown): string {
  if (Array.isArray(data)) return data.map(scalarText).join(', ');
  if (typeof data === 'object' && data !== null)
    return Object.entries(data)
      .map(([k, v]) => `${k}: ${scalarText(v)}`)
      .join(', ');
  return scalarText(data);
}

/** The plugins' `node-badge` contributions with data for the open node: short text chips, titled by the contribution. */
export function ContributionBadges({ bundle }: { bundle: NodeBundle }) {
  const badges = slotContributions(bundle, 'node-badge');
  if (badges.length === 0) return null;
  return (
    <ul className="panel-badges" aria-label="Plugin badges">
      {badges.map(({ id, entry, data }) => (
        <li
          key={id}
          className="panel-badge"
          data-contribution={id}
          title={`${entry.title} (${entry.pluginId})`}
        >
          {badgeText(data)}
        </li>
      ))}
    </ul>
  );
}

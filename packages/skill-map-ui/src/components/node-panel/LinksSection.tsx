import type { Link, MapLinkState, NodeBundle } from '../../api/types';
import { nodeHref } from '../../markdown/resolve-link';
import { useApp } from '../../state/store';
import { mapIndex } from './map-index';
import { Empty, Section } from './Section';

const STATE_LABEL: Record<MapLinkState, string> = {
  ok: 'ok',
  broken: 'broken',
  reserved: 'reserved name',
  virtual: 'virtual',
};

function LinkItem({
  link,
  other,
  state,
  name,
}: {
  link: Link;
  other: string | null;
  state: MapLinkState;
  name: string | null;
}) {
  const confidence = `${Math.round(link.confidence * 100)}%`;
  const meta = (
    <span className="link-meta">
      <span className={`link-kind link-kind-${link.kind}`}>{link.kind}</span>
      <span className="link-confidence" title="confidence">
        {confidence}
      </span>
      <span className={`link-state link-state-${state}`}>{STATE_LABEL[state]}</span>
    </span>
  );
  const label =
    name !== null && name !== other ? `${name} (${other ?? link.target})` : (other ?? link.target);
  return (
    <li className="link-item" data-state={state}>
      {other === null ? (
        <span className="link-target link-broken" title={`No node at ${link.target}`}>
          {link.target}
        </span>
      ) : (
        <a className="link-target" href={nodeHref(other)} data-node={other}>
          {label}
        </a>
      )}
      {meta}
    </li>
  );
}

function LinkList({
  title,
  links,
  side,
  stateOf,
  nameOf,
}: {
  title: 'Outgoing' | 'Incoming';
  links: Link[];
  side: 'target' | 'source';
  stateOf: (l: Link) => MapLinkState;
  nameOf: (p: string) => string | null;
}) {
  const id = `panel-links-${title.toLowerCase()}`;
  return (
    <div className="link-group">
      <h4 id={id}>
        {title} <span className="panel-count">{links.length}</span>
      </h4>
      {links.length === 0 ? (
        <Empty>None.</Empty>
      ) : (
        <ul aria-labelledby={id} className="link-list">
          {links.map((l, i) => {
            const other = side === 'source' ? l.source : (l.resolvedTarget ?? null);
            return (
              <LinkItem
                key={`${i}:${l.source}:${l.target}:${l.kind}`}
                link={l}
                other={other}
                state={stateOf(l)}
                name={other === null ? null : nameOf(other)}
              />
            );
          })}
        </ul>
      )}
    </div>
  );
}

/** Outgoing and incoming links, each a route to the node at its other end (broken ones are not links). */
export function LinksSection({ bundle }: { bundle: NodeBundle }) {
  const map = useApp((s) => s.map);
  const index = mapIndex(map);
  const stateOf = index.linkState;
  const nameOf = (p: string): string | null => index.node(p)?.name ?? null;
  const { incoming, outgoing } = bundle.links;
  return (
    <Section title="Links" count={incoming.length + outgoing.length}>
      <LinkList title="Outgoing" links={outgoing} side="target" stateOf={stateOf} nameOf={nameOf} />
      <LinkList title="Incoming" links={incoming} side="source" stateOf={stateOf} nameOf={nameOf} />
    </Section>
  );
}

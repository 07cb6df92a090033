import { useMemo } from 'react';
import type { Link, MapLinkState, MapProjection, NodeBundle } from '../../api/types';
import { nodeHref } from '../../markdown/resolve-link';
import { useApp } from '../../state/store';
import { Empty, Section } from './Section';

const key = (source: string, target: string, kind: string): string => `${source}\u0000${target}\u0000${kind}`;

/** A link's state as the map projection decided it (the server's one decision), else from the link itself. */
function stateIndex(map: MapProjection | null): (l: Link) => MapLinkState {
  const states = new Map<string, MapLinkState>();
  for (const l of map?.links ?? []) states.set(key(l.source, l.target, l.kind), l.state);
  return (l) => {
    const resolved = l.resolvedTarget ?? null;
    return states.get(key(l.source, resolved ?? l.target, l.kind)) ?? (resolved === null ? 'broken' : 'ok');
  };
}

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
  const { stateOf, nameOf } = useMemo(() => {
    const names = new Map((map?.nodes ?? []).map((n) => [n.path, n.name]));
    return { stateOf: stateIndex(map), nameOf: (p: string) => names.get(p) ?? null };
  }, [map]);
  const { incoming, outgoing } = bundle.links;
  return (
    <Section title="Links" count={incoming.length + outgoing.length}>
      <LinkList title="Outgoing" links={outgoing} side="target" stateOf={stateOf} nameOf={nameOf} />
      <LinkList title="Incoming" links={incoming} side="source" stateOf={stateOf} nameOf={nameOf} />
    </Section>
  );
}

import { useMemo } from 'react';
import type { NodeBundle } from '../../api/types';
import { renderBody } from '../../markdown/render';
import { useApp } from '../../state/store';
import { mapIndex } from './map-index';
import { Empty, Section } from './Section';

/** The node's markdown body, rendered and sanitised; links to other nodes open their panel in the page. */
export function BodySection({ bundle }: { bundle: NodeBundle }) {
  const { item, links } = bundle;
  const map = useApp((s) => s.map);
  const html = useMemo(() => {
    if (typeof item.body !== 'string' || item.body.trim() === '') return null;
    const index = mapIndex(map);
    const byTarget = new Map<string, string>();
    for (const l of links.outgoing)
      if (typeof l.resolvedTarget === 'string') byTarget.set(l.target, l.resolvedTarget);
    return renderBody(item.body, {
      from: item.path,
      // Before the map has loaded, the scan's own link resolutions still tell which targets are nodes.
      hasNode: (p) => index.node(p) !== undefined || (map === null && [...byTarget.values()].includes(p)),
      resolvedBy: (t) => byTarget.get(t) ?? null,
    });
  }, [item.body, item.path, links.outgoing, map]);

  let content;
  if (item.virtual === true)
    content = <Empty>A virtual node (an MCP server named by the project): it has no file and no body.</Empty>;
  else if (item.body === null || item.body === undefined)
    content = (
      <Empty>The body could not be read (the file may have changed or gone since the last scan).</Empty>
    );
  else if (html === null) content = <Empty>The body is empty.</Empty>;
  else
    content = <div className="md-body" data-testid="node-body" dangerouslySetInnerHTML={{ __html: html }} />;
  return <Section title="Body">{content}</Section>;
}

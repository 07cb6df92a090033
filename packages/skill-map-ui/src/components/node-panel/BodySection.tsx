import { useEffect, useMemo, useState } from 'react';
import type { NodeBundle } from '../../api/types';
import type { renderBody as RenderBody } from '../../markdown/render';
import { useApp } from '../../state/store';
import { mapIndex } from './map-index';
import { Empty, Section } from './Section';

type Render = typeof RenderBody;

// The markdown renderer (markdown-it, DOMPurify, their tables: a quarter of the page's code) is its own chunk,
// loaded by the first panel that shows a body instead of evaluated at the page's boot, before the map.
let loaded: Render | null = null;
let loading: Promise<Render> | null = null;
function loadRenderer(): Promise<Render> {
  loading ??= import('../../markdown/render').then((m) => (loaded = m.renderBody));
  return loading;
}

/** The markdown renderer once its chunk is loaded (null until then; the chunk is asked for on first use). */
function useRenderer(): Render | null {
  const [render, setRender] = useState<Render | null>(() => loaded);
  useEffect(() => {
    if (render !== null) return;
    let live = true;
    void loadRenderer().then((r) => live && setRender(() => r));
    return () => void (live = false);
  }, [render]);
  return render;
}

/** The node's markdown body, rendered and sanitised; links to other nodes open their panel in the page. */
export function BodySection({ bundle }: { bundle: NodeBundle }) {
  const { item, links } = bundle;
  const map = useApp((s) => s.map);
  const renderBody = useRenderer();
  const html = useMemo(() => {
    if (typeof item.body !== 'string' || item.body.trim() === '') return null;
    if (renderBody === null) return undefined; // the renderer's chunk is on its way
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
  }, [item.body, item.path, links.outgoing, map, renderBody]);

  let content;
  if (item.virtual === true)
    content = <Empty>A virtual node (an MCP server named by the project): it has no file and no body.</Empty>;
  else if (item.body === null || item.body === undefined)
    content = (
      <Empty>The body could not be read (the file may have changed or gone since the last scan).</Empty>
    );
  else if (html === null) content = <Empty>The body is empty.</Empty>;
  else if (html === undefined) content = <div className="md-body" aria-busy="true" />;
  else
    content = <div className="md-body" data-testid="node-body" dangerouslySetInnerHTML={{ __html: html }} />;
  return <Section title="Body">{content}</Section>;
}

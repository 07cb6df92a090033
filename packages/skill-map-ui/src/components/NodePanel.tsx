// The node panel: everything about the selected node, beside the current view. Its data reloads in place on the
// live events that concern the node; a node that no longer exists says so instead of failing.
import { useEffect, useRef, useState } from 'react';
import { openNode } from '../state/route';
import { FocusButtons } from './FocusBar';
import { useApp } from '../state/store';
import { ActivitySection } from './node-panel/ActivitySection';
import { AnnotationsSection } from './node-panel/AnnotationsSection';
import { BodySection } from './node-panel/BodySection';
import { ContributionBadges, ContributionsSection } from './node-panel/ContributionsSection';
import { SlotBadges, SlotPanels } from './node-panel/SlotContributions';
import { FindingsSection } from './node-panel/FindingsSection';
import { FrontmatterSection } from './node-panel/FrontmatterSection';
import { IssuesSection } from './node-panel/IssuesSection';
import { applicableExtensions, JobsSection } from './node-panel/JobsSection';
import { LinksSection } from './node-panel/LinksSection';
import { mapIndex } from './node-panel/map-index';
import { Empty } from './node-panel/Section';
import { useNodeData } from './node-panel/use-node-data';
import type { NodeDataState } from './node-panel/use-node-data';
import '../styles/node-panel.css';

function fallbackName(path: string): string {
  const parts = path.split('/');
  const base = parts[parts.length - 1] ?? path;
  return base === 'SKILL.md' && parts.length > 1 ? (parts[parts.length - 2] ?? base) : base;
}

function PanelContent({ path }: { path: string }) {
  const [showAll, setShowAll] = useState(false);
  const { state, reload } = useNodeData(path, showAll);
  return (
    <div className="panel-content" data-state={state.status}>
      <PanelState path={path} state={state} reload={reload} showAll={showAll} setShowAll={setShowAll} />
    </div>
  );
}

/** What the panel shows for each state of its data: loading, gone, failed, or every section. */
function PanelState({
  path,
  state,
  reload,
  showAll,
  setShowAll,
}: {
  path: string;
  state: NodeDataState;
  reload: () => void;
  showAll: boolean;
  setShowAll: (all: boolean) => void;
}) {
  if (state.status === 'loading')
    return (
      <>
        <p className="panel-empty" role="status">
          Loading…
        </p>
        <LinksSection bundle={null} path={path} />
      </>
    );
  if (state.status === 'missing')
    return (
      <div className="panel-missing" role="status" data-testid="node-missing">
        <p>
          <strong>This node no longer exists.</strong>
        </p>
        <p>
          {path.startsWith('mcp://')
            ? 'No MCP server of this name is in the current map: no file names it any more.'
            : 'The file was deleted or renamed on disk since it was opened; the current map has no node at this path.'}
        </p>
      </div>
    );
  if (state.status === 'error')
    return (
      <div className="panel-missing" role="alert">
        <p>The node could not be loaded: {state.error}</p>
        <button type="button" onClick={reload}>
          Retry
        </button>
      </div>
    );
  const { bundle, findings, jobs, extensions } = state.data;
  const node = bundle.item;
  const virtual = node.virtual === true;
  return (
    <>
      {virtual && (
        <p className="panel-virtual" data-testid="node-virtual">
          A virtual node: an MCP server the project's agents are given. It has no file and no body.
        </p>
      )}
      <SlotBadges bundle={bundle} />
      <ContributionBadges bundle={bundle} />
      <FrontmatterSection node={node} />
      <BodySection bundle={bundle} />
      <LinksSection bundle={bundle} path={path} />
      <IssuesSection path={path} issues={bundle.issues} onChanged={reload} />
      <FindingsSection
        path={path}
        findings={findings}
        showAll={showAll}
        onShowAll={setShowAll}
        onChanged={reload}
      />
      <JobsSection
        path={path}
        virtual={virtual}
        jobs={jobs}
        extensions={extensions.ok ? applicableExtensions(extensions.value, bundle.issues, findings) : []}
        onChanged={reload}
      />
      {!extensions.ok && <Empty>Extensions could not be loaded: {extensions.error}</Empty>}
      <AnnotationsSection node={node} />
      <SlotPanels bundle={bundle} />
      <ContributionsSection bundle={bundle} />
    </>
  );
}

/** Escape closes the panel, unless a dialog is open or the key belongs to a field outside the panel. */
function useEscapeCloses(panel: React.RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      if (document.querySelector('[role="dialog"]') !== null) return;
      const target = e.target instanceof HTMLElement ? e.target : null;
      const inPanel = target !== null && panel.current?.contains(target) === true;
      const editable = target?.closest('input, textarea, select, [contenteditable="true"]') != null;
      if (editable && !inPanel) return;
      openNode(null);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [panel]);
}

export function NodePanel({ path }: { path: string }) {
  const panel = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const mapNode = useApp((s) => mapIndex(s.map).node(path) ?? null);
  useEscapeCloses(panel);
  // Following a link inside the panel (focus was in it, or fell to the body) lands the focus on the new node.
  useEffect(() => {
    const active = document.activeElement;
    if (active === null || active === document.body || panel.current?.contains(active) === true)
      heading.current?.focus();
  }, [path]);
  return (
    <aside className="node-panel" aria-label="Node panel" data-path={path} ref={panel}>
      <header className="panel-header">
        <h2 ref={heading} tabIndex={-1}>
          {mapNode?.name ?? fallbackName(path)}
        </h2>
        <button type="button" className="panel-close" aria-label="Close panel" onClick={() => openNode(null)}>
          ×
        </button>
      </header>
      <p className="panel-path">
        <code>{path}</code>
        {mapNode !== null && (
          <span className="panel-kind">
            {' '}
            {mapNode.kind} · {mapNode.provider}
          </span>
        )}
      </p>
      {mapNode !== null && <FocusButtons path={path} />}
      <ActivitySection path={path} />
      <PanelContent key={path} path={path} />
    </aside>
  );
}

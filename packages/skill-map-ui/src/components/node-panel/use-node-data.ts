// The open node's data: its bundle (with body), findings, jobs and the extensions a job can be submitted for.
// Reloaded, without clearing what is shown, on the live events that concern the node; a node that vanished
// (deleted on disk, then rescanned) becomes `missing` rather than an error.
import { useCallback, useEffect, useRef, useState } from 'react';
import { api, ApiError, pathB64 } from '../../api/client';
import type { ExtensionInfo, Finding, LiveEvent, ListEnvelope, NodeBundle, PublicJob } from '../../api/types';
import { onLiveEvent } from '../../state/map-loader';
import { useApp } from '../../state/store';

/** One part of the panel that loaded, or why it did not. */
export type Part<T> = { ok: true; value: T } | { ok: false; error: string };

export interface NodeData {
  bundle: NodeBundle;
  findings: Part<{ items: Finding[]; dismissedExcluded: number; fixedExcluded: number }>;
  jobs: Part<PublicJob[]>;
  extensions: Part<ExtensionInfo[]>;
}

export type NodeDataState =
  | { status: 'loading'; path: string }
  | { status: 'ready'; path: string; data: NodeData }
  | { status: 'missing'; path: string }
  | { status: 'error'; path: string; error: string };

const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err));

async function part<T>(load: () => Promise<T>): Promise<Part<T>> {
  try {
    return { ok: true, value: await load() };
  } catch (err) {
    return { ok: false, error: messageOf(err) };
  }
}

async function fetchAll(path: string, allFindings: boolean): Promise<NodeDataState> {
  const b64 = pathB64(path);
  const flags = allFindings ? '?dismissed=true&fixed=true' : '';
  const [bundle, findings, jobs, extensions] = await Promise.all([
    api.get<NodeBundle>(`/api/nodes/${b64}?include=body`).catch((err: unknown) => err as Error),
    part(async () => {
      const env = await api.get<ListEnvelope<Finding>>(`/api/nodes/${b64}/findings${flags}`);
      return {
        items: env.items,
        dismissedExcluded: env.counts['dismissedExcluded'] ?? 0,
        fixedExcluded: env.counts['fixedExcluded'] ?? 0,
      };
    }),
    part(async () => {
      const env = await api.get<ListEnvelope<PublicJob>>(`/api/jobs?${new URLSearchParams({ node: path })}`);
      return env.items;
    }),
    part(async () => (await api.get<ListEnvelope<ExtensionInfo>>('/api/extensions')).items),
  ]);
  if (bundle instanceof Error) {
    if (bundle instanceof ApiError && bundle.code === 'not-found') return { status: 'missing', path };
    return { status: 'error', path, error: messageOf(bundle) };
  }
  return { status: 'ready', path, data: { bundle, findings, jobs, extensions } };
}

/** Whether a live event concerns the node at `path` whose jobs are `jobIds`. */
function concerns(e: LiveEvent, path: string, jobIds: ReadonlySet<string>): boolean {
  if (e.type === 'scan.completed') return true;
  if (e.type.startsWith('job.') || e.type === 'action.applied') {
    const node = e.data['nodePath'] ?? e.data['nodeId'] ?? e.data['node'];
    if (node === path) return true;
    return typeof e.jobId === 'string' && jobIds.has(e.jobId);
  }
  return false;
}

/** The panel's data for `path`; `reload()` refreshes it in place (several asked at once fold into one). */
export function useNodeData(
  path: string,
  allFindings: boolean,
): { state: NodeDataState; reload: () => void } {
  const [state, setState] = useState<NodeDataState>({ status: 'loading', path });
  const running = useRef(false);
  const again = useRef(false);
  const current = useRef({ path, allFindings });
  current.current = { path, allFindings };
  const jobIds = useRef<Set<string>>(new Set());

  const reload = useCallback((): void => {
    if (running.current) {
      again.current = true;
      return;
    }
    running.current = true;
    const want = current.current;
    void fetchAll(want.path, want.allFindings).then((next) => {
      running.current = false;
      const now = current.current;
      const stale = now.path !== want.path || now.allFindings !== want.allFindings;
      if (!stale) {
        if (next.status === 'ready' && next.data.jobs.ok)
          jobIds.current = new Set(next.data.jobs.value.map((j) => j.id));
        setState(next);
      }
      if (again.current || stale) {
        again.current = false;
        reload();
      }
    });
  }, []);

  useEffect(() => {
    setState((s) => (s.path === path ? s : { status: 'loading', path }));
    jobIds.current = new Set();
    reload();
  }, [path, allFindings, reload]);

  useEffect(
    () => onLiveEvent((e) => concerns(e, current.current.path, jobIds.current) && reload()),
    [reload],
  );

  // A reconnect after a loss: the server replays nothing, so the panel re-reads.
  const connection = useApp((s) => s.connection);
  const wasLost = useRef(false);
  useEffect(() => {
    if (connection === 'lost') wasLost.current = true;
    else if (connection === 'open' && wasLost.current) {
      wasLost.current = false;
      reload();
    }
  }, [connection, reload]);

  return { state: state.path === path ? state : { status: 'loading', path }, reload };
}

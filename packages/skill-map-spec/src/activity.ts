// Live activity as `GET /api/activity/summary` and `skillmap://activity` report it: what ran since `sm serve`
// started (counts are per boot, not persisted).

/** One node's runs since the server started. */
export interface NodeActivity {
  path: string;
  count: number;
  /** Epoch ms of the latest run. */
  lastAt: number;
}

/** One spawn pair (an agent or session starting another) since the server started. */
export interface PairActivity {
  from: string;
  to: string;
  count: number;
  lastAt: number;
}

/** The `skillmap://activity` / `GET /api/activity/summary` snapshot. */
export interface ActivitySummary {
  /** ISO time the store started (each serve boot). */
  since: string;
  /** Epoch ms of the latest event recorded, null before the first. */
  lastEventAt: number | null;
  /** Events recorded since boot (node events plus spawn pairs). */
  events: number;
  nodes: NodeActivity[];
  pairs: PairActivity[];
}

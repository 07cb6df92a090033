// The in-place persist of a kernel record patch (a scan in a new process that re-resolved a few changed files against
// the stored resolution index): the changed sources' links and their link-level and own issues are replaced, their
// node rows rewritten, the incoming link counts of the nodes their old and new links reach adjusted. The rows end up
// as a full persist of the same scan would leave them (the equivalence tests compare both).
import type { Database as Db } from 'better-sqlite3';
import type { Issue, Link, Node, ScanResult } from '../domain.js';
import { writeFileCache } from './file-cache.js';
import type { FileCacheChanges } from './file-cache.js';
import { nodeRecord } from './fingerprints.js';
import type { RowInputs } from './fingerprints.js';
import { decodeLink, encodeLink } from './link-codec.js';
import { EMPTY_GROUP, Layout, suffixed, unsuffixed } from './persist-layout.js';
import { counts } from './persist-state.js';
import type { DiffCounts } from './persist-state.js';
import { statements } from './persist-statements.js';
import {
  issueContentJson,
  issueIdentity,
  issueLinkIds,
  issueLinkKeys,
  issueValues,
  nodeValues,
} from './rows.js';
import { findOrphans, readScanMeta, writeScanMeta } from './scan-meta.js';
import { hasState } from './renames.js';
import type { ScanMetaExtras } from './scan-meta.js';
import { cached } from './statements.js';
import { readPatchBase } from './patch-reads.js';
export type { PatchBase } from './patch-reads.js';

/** One changed file of the patch: its path and the issues its previous record emitted itself. */
export interface PatchedFile {
  readonly path: string;
  readonly previousOwnIssues: readonly Issue[];
}

/** Inputs of `persistPatch`. */
export interface PatchPersistInput {
  /** The generation the patch was computed against; another writer since then refuses it (null). */
  readonly generation: number;
  readonly files: readonly PatchedFile[];
  /** The changed nodes (incoming counts still to add), their links (runs in path order) and new issues. */
  readonly nodes: readonly Node[];
  readonly links: readonly Link[];
  readonly issues: readonly Issue[];
  /** Virtual nodes the patch touched: rows to write (link counts still to set) and rows to delete. */
  readonly virtual?: { readonly upserts: readonly Node[]; readonly removed: readonly string[] };
  /** Node-level issues the patch made stale (deleted by identity, as a file's previous own issues are). */
  readonly staleIssues?: readonly Issue[];
  /** Analyzers (short ids) that re-ran over the whole patched graph: all their stored issues go (`issues` has theirs). */
  readonly wholeAnalyzers?: readonly string[];
  /** Analyzers (short ids) that re-ran on some nodes alone: their stored issues on those nodes (first node id) go. */
  readonly nodeAnalyzers?: { readonly analyzers: readonly string[]; readonly paths: readonly string[] };
  /** The change in how many issues sidecars suppress (of the re-run checks and the re-resolved records). */
  readonly suppressedDelta?: number;
  /** The resolution index after the patch (JSON), when it changed. */
  readonly index?: string;
  /** Row inputs of the changed files (their node fingerprints), salted as the stored rows are. */
  readonly inputs: RowInputs;
  /** This scan's result without nodes, links and issues; its counts are replaced by the store's, adjusted. */
  readonly meta: Omit<ScanResult, 'nodes' | 'links' | 'issues'>;
  readonly extras: ScanMetaExtras;
  readonly cache: FileCacheChanges;
}

/** What a patch persist wrote. */
export interface PatchReport {
  readonly nodes: DiffCounts;
  readonly links: DiffCounts;
  readonly issues: DiffCounts;
  readonly meta: Omit<ScanResult, 'nodes' | 'links' | 'issues'>;
}

type IssueRow = [id: number, key: string, linkIdsJson: string | null];

/** Thrown inside the transaction to roll back whatever the patch wrote so far; its message is the reason. */
class PatchRefused extends Error {}

const refuse = (reason: string): never => {
  throw new PatchRefused(reason);
};

/** Why a patch persist wrote nothing (the caller runs a full scan): "full build because <refused>". */
export interface PatchPersistRefusal {
  readonly refused: string;
}

/** Identity keys of new issues: repeats within a group (first node) suffixed as a full persist keys them. */
function issueKeys(issues: readonly Issue[]): string[] {
  const groups = new Map<string, number[]>();
  issues.forEach((issue, n) => {
    const group = issue.nodeIds[0] ?? '';
    const members = groups.get(group);
    if (members === undefined) groups.set(group, [n]);
    else members.push(n);
  });
  const keys = new Array<string>(issues.length);
  for (const members of groups.values()) {
    const suffixedKeys = suffixed(members.map((n) => issueIdentity(issues[n]!)));
    members.forEach((n, j) => (keys[n] = suffixedKeys[j]!));
  }
  return keys;
}

/**
 * Applies the patch in one transaction. A refusal (nothing written) when the database moved since the patch was
 * computed, or when a row it would write collides with one it keeps: the caller then runs a full scan.
 */
export function persistPatch(db: Db, p: PatchPersistInput): PatchReport | PatchPersistRefusal {
  const st = statements(db);
  const c = { nodes: counts(), links: counts(), issues: counts() };
  const run = db.transaction((): PatchReport => {
    const base = readPatchBase(db);
    const stored = readScanMeta(db);
    if (base === null || stored === null) return refuse('the stored scan is gone');
    if (base.generation !== p.generation || !base.indexCurrent)
      refuse('another writer persisted since the patch was computed');
    const orphanRows = cached(db, `SELECT COUNT(*) FROM scan_issues WHERE analyzer_id = 'orphan'`, 'pluck');
    if (findOrphans(db).length !== (orphanRows.get() as number))
      refuse('state rows name paths that are not nodes (their orphan issues are due)');
    // 1. Links: the old rows of each changed source go, the new ones come in list order.
    const delta = new Map<string, number>();
    const bump = (to: string | null | undefined, by: number): void => {
      if (to !== null && to !== undefined) delta.set(to, (delta.get(to) ?? 0) + by);
    };
    const oldLinkIds = new Set<number>();
    for (const f of p.files) {
      // Decoded: a resolved target equal to the raw target is stored as NULL.
      for (const row of st.linksOf.all(f.path) as Array<[number, ...unknown[]]>) {
        oldLinkIds.add(row[0]);
        bump(decodeLink(row, 1).resolvedTarget, -1);
      }
      c.links.deleted += st.deleteLinksOf.run(f.path).changes;
    }
    const ids = p.links.map((link) => {
      bump(link.resolvedTarget, 1);
      c.links.inserted += 1;
      return Number(st.insertLink.run(encodeLink(link)).lastInsertRowid);
    });
    // 2. Nodes: the changed ones rewritten with their fingerprint, the counts of the others moved.
    const layout = new Layout(p.links, true);
    const inCount = cached(db, `SELECT links_in_count FROM scan_nodes WHERE path = ?`, 'pluck');
    for (const node of p.nodes) {
      const before = inCount.get(node.path) as number | undefined;
      if (before === undefined) return refuse(`'${node.path}' has no stored node row`);
      const next: Node = { ...node, linksInCount: before + (delta.get(node.path) ?? 0) };
      delta.delete(node.path);
      const record = nodeRecord(p.inputs, next);
      const digest = record === null ? null : layout.digest(layout.groups.get(next.path) ?? EMPTY_GROUP);
      st.updateNode.run(...nodeValues(next, JSON.stringify(next), { record, digest }), next.path);
      c.nodes.updated += 1;
    }
    // Virtual nodes: a vanished one loses its row (every link reaching it was re-resolved above), a touched one is
    // written as merged, with the links that reach it now.
    for (const path of p.virtual?.removed ?? []) {
      const before = inCount.get(path) as number | undefined;
      if (before === undefined) return refuse(`'${path}' has no stored node row`);
      if (before + (delta.get(path) ?? 0) !== 0) refuse(`links still reach the vanishing '${path}'`);
      if (hasState(db, path)) refuse(`state rows name the vanishing '${path}'`);
      delta.delete(path);
      st.deleteNode.run(path);
      c.nodes.deleted += 1;
    }
    for (const node of p.virtual?.upserts ?? []) {
      const before = inCount.get(node.path) as number | undefined;
      const next: Node = { ...node, linksInCount: (before ?? 0) + (delta.get(node.path) ?? 0) };
      delta.delete(node.path);
      const values = nodeValues(next, JSON.stringify(next), { record: null, digest: null });
      if (before === undefined) {
        st.insertNode.run(...values);
        c.nodes.inserted += 1;
      } else {
        st.updateNode.run(...values, next.path);
        c.nodes.updated += 1;
      }
    }
    const setIn = cached(db, `UPDATE scan_nodes SET node_json = ?, links_in_count = ? WHERE path = ?`);
    for (const [path, d] of delta) {
      if (d === 0) continue;
      const json = st.nodeJson.get(path) as string | undefined;
      if (json === undefined) return refuse(`'${path}' has no stored node row`);
      const node = JSON.parse(json) as Node;
      node.linksInCount += d;
      setIn.run(JSON.stringify(node), node.linksInCount, path);
      c.nodes.updated += 1;
    }
    // 3. Issues: the old link-level ones of those sources and the old records' own ones go, the new ones come.
    const groupRows = cached(
      db,
      `SELECT id, issue_key, link_ids_json FROM scan_issues WHERE group_key = ?`,
      'raw',
    );
    // The stored rows of the checks that re-ran over the whole graph: one the re-run wrote again (same node, key and
    // content) stays, the others go once the new issues are in.
    const whole = new Set(p.wholeAnalyzers ?? []);
    const wholeRows = new Map<string, [id: number, hash: string]>();
    if (whole.size > 0) {
      const rows = cached(
        db,
        `SELECT id, group_key, issue_key, row_hash FROM scan_issues WHERE analyzer_id IN (SELECT value FROM json_each(?))`,
        'raw',
      ).all(JSON.stringify([...whole])) as Array<[number, string, string, string]>;
      for (const [id, group, key, hash] of rows) wholeRows.set(`${group}\0${key}`, [id, hash]);
    }
    const wholeIds = new Set([...wholeRows.values()].map(([id]) => id));
    if (p.nodeAnalyzers !== undefined && p.nodeAnalyzers.analyzers.length > 0) {
      c.issues.deleted += cached(
        db,
        `DELETE FROM scan_issues WHERE group_key IN (SELECT value FROM json_each(?))
            AND analyzer_id IN (SELECT value FROM json_each(?))`,
      ).run(JSON.stringify(p.nodeAnalyzers.paths), JSON.stringify(p.nodeAnalyzers.analyzers)).changes;
    }
    const own = new Map<string, Set<string>>();
    for (const f of p.files) {
      own.set(f.path, own.get(f.path) ?? new Set());
      for (const issue of f.previousOwnIssues) {
        const group = issue.nodeIds[0] ?? '';
        const set = own.get(group) ?? new Set<string>();
        set.add(issueIdentity(issue));
        own.set(group, set);
      }
    }
    for (const issue of p.staleIssues ?? []) {
      const group = issue.nodeIds[0] ?? '';
      const set = own.get(group) ?? new Set<string>();
      set.add(issueIdentity(issue));
      own.set(group, set);
    }
    // The groups new issues go to (a name-collision lands on its first node): their kept rows are checked too.
    for (const issue of p.issues) {
      const group = issue.nodeIds[0] ?? '';
      if (!own.has(group)) own.set(group, new Set());
    }
    const kept = new Set<string>();
    for (const [group, identities] of own) {
      for (const [id, key, linkIdsJson] of groupRows.all(group) as IssueRow[]) {
        if (wholeIds.has(id)) continue;
        const linked =
          linkIdsJson !== null && (JSON.parse(linkIdsJson) as number[]).some((x) => oldLinkIds.has(x));
        if (linked || identities.has(unsuffixed(key))) {
          st.deleteIssue.run(id);
          c.issues.deleted += 1;
        } else kept.add(`${group}\0${key}`);
      }
    }
    const keys = issueKeys(p.issues);
    const keyOf = (i: number): string | undefined => {
      const link = p.links[i];
      if (link === undefined) return undefined;
      const group = layout.groups.get(link.source)!;
      return layout.keys(group)[group.position(i)];
    };
    for (let n = 0; n < p.issues.length; n += 1) {
      const issue = p.issues[n]!;
      const key = keys[n]!;
      const prior = whole.has(issue.analyzerId)
        ? wholeRows.get(`${issue.nodeIds[0] ?? ''}\0${key}`)
        : undefined;
      if (kept.has(`${issue.nodeIds[0] ?? ''}\0${key}`))
        refuse(`a new ${issue.analyzerId} issue on '${issue.nodeIds[0] ?? ''}' collides with a kept one`);
      const content = issueContentJson(issue, issueLinkKeys(issue, keyOf));
      const values = issueValues(
        issue,
        key,
        issueLinkIds(issue, (i) => ids[i]),
        content,
      );
      if (prior !== undefined && prior[1] === values[11] && (issue.linkIndices?.length ?? 0) === 0) {
        wholeIds.delete(prior[0]);
        continue;
      }
      const id = Number(st.insertIssue.run(values).lastInsertRowid);
      for (const path of new Set(issue.nodeIds)) st.insertMember.run(id, path);
      c.issues.inserted += 1;
    }
    for (const id of wholeIds) st.deleteIssue.run(id);
    c.issues.deleted += wholeIds.size;
    // 4. Meta (same salt and graph digest: the patch changed nothing they cover), index stamp, file cache.
    const s = stored.result.stats;
    const meta: Omit<ScanResult, 'nodes' | 'links' | 'issues'> = {
      ...p.meta,
      stats: {
        ...p.meta.stats,
        nodesCount: s.nodesCount + c.nodes.inserted - c.nodes.deleted,
        linksCount: s.linksCount + c.links.inserted - c.links.deleted,
        issuesCount: s.issuesCount + c.issues.inserted - c.issues.deleted,
        issuesSuppressed: (s.issuesSuppressed ?? 0) + (p.suppressedDelta ?? 0),
      },
    };
    const generation = base.generation + 1;
    writeScanMeta(
      db,
      { ...meta, nodes: [], links: [], issues: [] },
      generation,
      p.extras,
      base.salt,
      base.graphDigest,
    );
    cached(db, `UPDATE scan_resolution_index SET generation = ? WHERE id = 1`).run(generation);
    if (p.index !== undefined)
      cached(db, `UPDATE scan_resolution_json SET index_json = ? WHERE id = 1`).run(p.index);
    // Stryker disable next-line ConditionalExpression,EqualityOperator: equivalent, a last guard: every state row findOrphans reads was already refused by hasState above
    if ((p.virtual?.removed.length ?? 0) > 0 && findOrphans(db).length !== (orphanRows.get() as number))
      refuse('state rows name a vanished node (its orphan issue is due)');
    writeFileCache(db, p.cache);
    return { ...c, meta };
  });
  try {
    return run.immediate();
  } catch (err) {
    if (err instanceof PatchRefused) return { refused: err.message };
    throw err;
  }
}

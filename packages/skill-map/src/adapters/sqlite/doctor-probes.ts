// Read-only probes `sm doctor` runs on the database file: job contents no job references, and the providers the
// last scan detected with the nodes each produced.
import { Database } from './driver.js';

/** What the doctor reads from the store in one read-only connection. */
export interface StoreProbe {
  /** `state_job_contents` rows no job references (what `sm jobs prune` removes). */
  readonly orphanJobContents: number;
  /** Providers of the last scan (`scan_meta.providers_json`), each with its node count. */
  readonly providers: readonly { id: string; nodes: number }[];
}

export function probeStore(path: string): StoreProbe {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    const orphanJobContents = db
      .prepare(
        `SELECT count(*) FROM state_job_contents WHERE content_hash NOT IN (SELECT content_hash FROM state_jobs)`,
      )
      .pluck()
      .get() as number;
    const meta = db.prepare(`SELECT providers_json FROM scan_meta WHERE id = 1`).pluck().get() as
      string | null | undefined;
    const ids = meta === null || meta === undefined ? [] : (JSON.parse(meta) as string[]);
    const counts = new Map(
      (
        db.prepare(`SELECT provider AS p, count(*) AS n FROM scan_nodes GROUP BY provider`).all() as {
          p: string;
          n: number;
        }[]
      ).map((r) => [r.p, r.n]),
    );
    return { orphanJobContents, providers: ids.map((id) => ({ id, nodes: counts.get(id) ?? 0 })) };
  } finally {
    db.close();
  }
}

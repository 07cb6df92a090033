// The ScanPort of `sm serve --db postgres://…`: each scan (at boot, from the watcher, from the page) is a whole scan
// in memory (no per-file cache lives in the database yet), then replaces the project's rows in one transaction.
import { toSpecScanResult } from '@skill-map/spec';
import type { ScanResult, ScannedBy } from '@skill-map/spec';
import { openPgSession } from '../../adapters/postgres/pg-session.js';
import { followScans } from '../../adapters/postgres/scan-follow.js';
import { createPgScanZone } from '../../adapters/postgres/scan-zone.js';
import { runScan } from '../../engines/index.js';
import type { ScanPort } from '../ports.js';
import { progressOption } from './engine-scan-port.js';

export interface PgScanPortOptions {
  projectRoot: string;
  url: string;
  projectId: string;
  /** How the project is named in `sm org` listings. */
  label: string;
  scannedBy?: ScannedBy;
  plugins?: { builtIns?: boolean; dropIns?: boolean };
  onResult?: (result: ScanResult) => void;
}

export function createPgScanPort(options: PgScanPortOptions): ScanPort {
  const session = openPgSession(options.url, options.projectId);
  const zone = createPgScanZone(session);
  // The generations this port stored: announcements of those are its own scans, not news from elsewhere. A persist
  // answers before the event loop can deliver its announcement, so the generation is known by then.
  const own = new Set<string>();
  const followers = new Set<() => void>();
  const scan = (onProgress?: Parameters<ScanPort['scanAndPersist']>[0]['onProgress']) =>
    runScan({
      projectRoot: options.projectRoot,
      mode: 'full',
      persist: false,
      ...(options.scannedBy === undefined ? {} : { scannedBy: options.scannedBy }),
      ...(options.plugins === undefined ? {} : { plugins: options.plugins }),
      ...progressOption(onProgress),
    });
  return {
    async scanAndPersist({ onProgress }) {
      const outcome = await scan(onProgress);
      const { generation } = zone.persistScan(outcome.result, options.label);
      own.add(generation);
      if (own.size > 64) own.delete(own.values().next().value as string);
      options.onResult?.(toSpecScanResult(outcome.result));
      const s = outcome.result.stats;
      return {
        nodes: s.nodesCount,
        links: s.linksCount,
        issues: s.issuesCount,
        durationMs: s.durationMs,
        roots: outcome.result.roots,
      };
    },
    async scanFresh() {
      return toSpecScanResult((await scan()).result);
    },
    follow(onStored) {
      const follower = followScans(options.url, options.projectId, (generation) => {
        if (!own.has(generation)) onStored();
      });
      const stop = (): void => {
        followers.delete(stop);
        void follower.close();
      };
      followers.add(stop);
      return stop;
    },
    close() {
      for (const stop of [...followers]) stop();
      session.close();
    },
  };
}

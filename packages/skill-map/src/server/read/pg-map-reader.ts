// The map as `sm serve --db postgres://…` reads it: the project's stored scan, loaded from PostgreSQL into memory
// whenever its generation moved (a persist by any process, an annotations refresh, a suppression), and answered
// by the in-memory reader (the store's orderings and filters). One kept connection; one small read per call to
// learn whether the scan changed.
import type { ScanResult } from '@skill-map/spec';
import { openPgSession } from '../../adapters/postgres/pg-session.js';
import { createPgScanZone } from '../../adapters/postgres/scan-zone.js';
import { withoutPassword } from '../../adapters/postgres/url.js';
import { createMemoryMapReader } from './memory-map-reader.js';
import type { ClosableMapReader } from './sqlite-map-reader.js';

export interface PgMapReaderOptions {
  url: string;
  projectId: string;
  scopeRoot: string;
}

export function createPgMapReader(options: PgMapReaderOptions): ClosableMapReader {
  const session = openPgSession(options.url, options.projectId);
  const zone = createPgScanZone(session);
  let key: string | null = null;
  let scan: ScanResult | null = null;
  const current = (): ScanResult | null => {
    const now = zone.scanKey();
    if (now !== key) {
      scan = now === null ? null : zone.loadScan();
      key = now;
    }
    return scan;
  };
  const inner = createMemoryMapReader(current, {
    scopeRoot: options.scopeRoot,
    dbPath: withoutPassword(options.url),
  });
  return { ...inner, scanKey: () => zone.scanKey() ?? 'none', close: () => session.close() };
}

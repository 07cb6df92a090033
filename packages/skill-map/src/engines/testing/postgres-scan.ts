// A real full scan of a test project stored in a PostgreSQL database, as `sm scan --db postgres://…` stores it
// (test support only): scanned in memory, the project's rows replaced in one transaction.
import { openPgSession } from '../../adapters/postgres/pg-session.js';
import { createPgScanZone } from '../../adapters/postgres/scan-zone.js';
import { runScan } from '../scan/scan-engine.js';

export async function scanIntoPostgres(projectRoot: string, url: string, projectId: string): Promise<void> {
  const scanned = await runScan({ projectRoot, mode: 'full', persist: false });
  const session = openPgSession(url, projectId);
  try {
    createPgScanZone(session).persistScan(scanned.result, 'test');
  } finally {
    session.close();
  }
}

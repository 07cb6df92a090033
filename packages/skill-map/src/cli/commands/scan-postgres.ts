import { basename } from 'node:path';
import { SPEC_VERSION, toSpecScanResult } from '@skill-map/spec';
import { migratePg } from '../../adapters/postgres/migrate.js';
import { pgSession } from '../../adapters/postgres/pg-session.js';
import { openSyncPg } from '../../adapters/postgres/sync-pg.js';
import { ensureProjectId } from '../../adapters/postgres/project-id.js';
import { createPgScanZone } from '../../adapters/postgres/scan-zone.js';
import { withoutPassword } from '../../adapters/postgres/url.js';
import { runScan } from '../../engines/index.js';
import type { ScanOutcome } from '../../engines/index.js';
import { CliError } from '../errors.js';
import { createProgressBar } from '../progress.js';
import { printScanDiagnostics, renderScanSummary } from '../render-scan.js';
import { CLI_VERSION } from '../version-info.js';
import type { VerbContext, VerbResult } from '../verbs.js';
import { pluginFlags } from './plugins.js';

/**
 * `sm scan --db postgres://…`: the project is scanned in full in memory (nothing is written beside it but its
 * `projectId`, drawn once into .skill-map/settings.json), then its rows in the shared database are replaced by this
 * scan in one transaction. Other projects' rows are never touched. Exit 1 when the scan holds errors, as `sm scan`.
 */
export async function run(ctx: VerbContext): Promise<VerbResult> {
  const url = ctx.project.server as string;
  for (const flag of ['watch', 'changed', 'run-facts', 'explain', 'yes'] as const) {
    if (ctx.options[flag] === true) {
      throw new CliError('USAGE', `--${flag} does not apply to a scan into PostgreSQL`, {
        hint: 'a scan into PostgreSQL is always whole: run `sm scan --db postgres://…` alone',
      });
    }
  }
  const { output } = ctx;
  // Connected (and the schema current) before anything is scanned or written: an unreachable server costs no scan
  // and leaves no projectId behind.
  const pg = openSyncPg(url);
  let outcome: ScanOutcome;
  let project: { id: string; created: boolean };
  const label = basename(ctx.project.root);
  try {
    migratePg(pg);
    const bar = createProgressBar(ctx.io.stderr, ctx.io.stderr.isTTY === true && !output.quiet);
    try {
      outcome = await runScan({
        projectRoot: ctx.project.root,
        mode: 'full',
        persist: false,
        onProgress: (e) => bar.update(e),
        scannedBy: { name: 'skill-map', version: CLI_VERSION, specVersion: SPEC_VERSION },
        plugins: pluginFlags(ctx),
        ...(ctx.options['no-inline-suppressions'] === true ? { inlineSuppressions: false } : {}),
      });
    } finally {
      bar.done();
    }
    project = ensureProjectId(ctx.project.root);
    createPgScanZone(pgSession(pg, project.id)).persistScan(outcome.result, label);
  } finally {
    pg.close();
  }
  printScanDiagnostics(output, outcome);
  const errors = outcome.summary.issues.error;
  if (output.jsonMode) output.json(toSpecScanResult(outcome.result));
  else {
    const shown = `${withoutPassword(url)} as project ${label} (${project.id}${project.created ? ', new id written to .skill-map/settings.json' : ''})`;
    output.summary(renderScanSummary(output, outcome, shown));
  }
  if (errors > 0) output.info(`${errors} issue(s) of severity error: \`sm org issues\` lists them`);
  return { failing: errors > 0 };
}

// The scan `sm check` and `sm baseline` report on: the project scanned like `sm scan` (persisting), or with
// `--stored` the last scan read back, each with the links its issues' `linkIndices` point into.
import { SPEC_VERSION } from '@skill-map/spec';
import type { Issue, Link } from '@skill-map/spec';
import { createOpsLog } from '../adapters/index.js';
import { runScan } from '../engines/index.js';
import type { ExtensionRegistry } from '../kernel/index.js';
import { readIssues } from './query.js';
import { withReadStore } from './read-store.js';
import { printScanDiagnostics } from './render-scan.js';
import { CLI_VERSION } from './version-info.js';
import type { VerbContext } from './verbs.js';

/** A scan's issues and the links they point into. */
export interface CheckedScan {
  readonly issues: Issue[];
  readonly links: Link[];
  /** The scanned files that are nodes (a fresh scan only): where `sm check --fix` looks for a file by name. */
  readonly paths?: ReadonlySet<string>;
}

/** Scans the project (like `sm scan`, persisting) and answers the fresh issues with the links they point into. */
export async function scanIssues(
  ctx: VerbContext,
  registry: ExtensionRegistry,
  quietDiagnostics: boolean,
): Promise<CheckedScan> {
  const opsLog = createOpsLog({ projectRoot: ctx.project.root });
  try {
    const outcome = await runScan({
      projectRoot: ctx.project.root,
      dbPath: ctx.project.dbPath,
      registry,
      mode: 'incremental',
      onDrift: ctx.options['yes'] === true ? 'rebuild' : 'refuse',
      onDamage: 'refuse',
      opsLog: { log: opsLog, channel: 'cli' },
      scannedBy: { name: 'skill-map', version: CLI_VERSION, specVersion: SPEC_VERSION },
      summaryOnly: false,
      ...(ctx.options['no-inline-suppressions'] === true ? { inlineSuppressions: false } : {}),
    });
    if (!quietDiagnostics) printScanDiagnostics(ctx.output, outcome);
    const paths = new Set(outcome.result.nodes.filter((n) => n.virtual !== true).map((n) => n.path));
    return { issues: outcome.result.issues, links: outcome.result.links, paths };
  } finally {
    await opsLog.flush();
  }
}

/**
 * The last scan's issues without scanning; `withLinks` reads the whole stored scan so the issues' links are there
 * too (a baseline fingerprints an issue by its link's trigger).
 */
export function storedIssues(ctx: VerbContext, withLinks: boolean): CheckedScan {
  return withReadStore(ctx, (store) => {
    if (!withLinks) return { issues: readIssues(store, {}), links: [] as Link[] };
    const scan = store.loadScan();
    return { issues: scan.issues, links: scan.links };
  });
}

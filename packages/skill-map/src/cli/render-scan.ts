import type { ScanOutcome } from '../engines/index.js';
import type { Output } from './io.js';

/** `15 error, 1 warn, 9 info` (zero counts left out), coloured by severity. */
export function formatSeverities(
  output: Output,
  counts: { error: number; warn: number; info: number },
): string {
  const parts: string[] = [];
  if (counts.error > 0) parts.push(output.paint('red', `${counts.error} error`));
  if (counts.warn > 0) parts.push(output.paint('yellow', `${counts.warn} warn`));
  if (counts.info > 0) parts.push(`${counts.info} info`);
  return parts.join(', ');
}

/** Skipped files per reason, sorted by reason. */
export function skippedByReason(outcome: ScanOutcome): Record<string, number> {
  const out: Record<string, number> = {};
  for (const s of outcome.skipped) out[s.reason] = (out[s.reason] ?? 0) + 1;
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)));
}

const MAX_LISTED_SKIPS = 20;

/** Warnings (truncation, config, hosts, database) and each skipped file, on stderr. */
export function printScanDiagnostics(output: Output, outcome: ScanOutcome): void {
  for (const w of outcome.warnings) output.warn(`warning: ${w}`);
  const listed = outcome.skipped.slice(0, MAX_LISTED_SKIPS);
  for (const s of listed) {
    const detail = s.errorCode ?? (s.bytes === undefined ? '' : `${s.bytes} bytes`);
    output.warn(`skipped ${s.path}: ${s.reason}${detail === '' ? '' : ` (${detail})`}`);
  }
  if (outcome.skipped.length > listed.length) {
    output.warn(
      `skipped ${outcome.skipped.length - listed.length} more file(s); \`sm scan --run-facts\` lists them all`,
    );
  }
}

function hostsLine(outcome: ScanOutcome): string {
  const lens = outcome.lens;
  const evidence = lens.markers.length > 0 ? `: ${lens.markers.join(', ')}` : '';
  return `${lens.providers.join(', ')} (${lens.status}${evidence})`;
}

/** `sm scan --explain`: whether the stored scan was patched in place, or why the whole graph was built. */
export function explainLine(outcome: ScanOutcome): string {
  if (outcome.patchedInPlace) {
    const again = outcome.rechecked;
    const checks =
      again === undefined ? '' : `; re-ran ${again.analyzers.join(', ')} because ${again.reason}`;
    return `patched in place: only the changed files were re-analysed and re-resolved${checks}`;
  }
  if (outcome.fullBuildReason === null)
    return 'patched the in-memory graph: only the changed files were re-resolved';
  return `full build because ${outcome.fullBuildReason}`;
}

/** The stdout summary of a scan. */
export function renderScanSummary(output: Output, outcome: ScanOutcome, dbShown: string): string {
  const s = outcome.summary.stats;
  const severities = formatSeverities(output, outcome.summary.issues);
  const f = outcome.files;
  const reused = f.reusedByStat + f.reusedByHash;
  const skipped = skippedByReason(outcome);
  const skippedText = Object.entries(skipped)
    .map(([reason, n]) => `${n} ${reason}`)
    .join(', ');
  const n = outcome.persisted?.nodes;
  const lines = [
    `${output.paint('bold', 'scanned')} ${s.nodesCount} nodes, ${s.linksCount} links, ${s.issuesCount} issues${severities === '' ? '' : ` (${severities})`}`,
    `  hosts     ${hostsLine(outcome)}`,
    `  files     ${s.filesWalked} walked, ${f.accepted} mapped (${f.analyzed} analysed, ${reused} unchanged)`,
    `  skipped   ${outcome.skipped.length}${skippedText === '' ? '' : ` (${skippedText})`}`,
    `  database  ${dbShown}${n === undefined ? '' : ` (nodes +${n.inserted} ~${n.updated} -${n.deleted}${outcome.patchedInPlace ? ', patched in place' : ''})`}`,
  ];
  if (outcome.truncation.scanTruncated) {
    lines.push(
      output.paint(
        'yellow',
        `  TRUNCATED at scan.maxScan=${outcome.truncation.scanCeiling}: ${outcome.truncation.filesNotScanned} file(s) not scanned`,
      ),
    );
  }
  return lines.join('\n');
}

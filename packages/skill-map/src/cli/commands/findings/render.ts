import type { FindingsView, ViewFinding } from '../../../engines/findings/index.js';
import type { Output } from '../../io.js';

const SEVERITY_STYLE = { error: 'red', warn: 'yellow', info: 'dim' } as const;

function state(output: Output, f: ViewFinding): string {
  const tags = [
    ...(f.resolution === null ? [] : [f.resolution]),
    ...(f.suppressed ? ['class-suppressed'] : []),
    ...(f.stale ? ['stale'] : []),
  ];
  return tags.length === 0 ? '' : `  ${output.paint('dim', `[${tags.join(', ')}]`)}`;
}

/** The view as text: findings grouped by node, then a line with what was hidden and the flag that shows it. */
export function renderView(output: Output, view: FindingsView): string[] {
  const lines: string[] = [];
  let node: string | null = null;
  for (const f of view.findings) {
    if (f.nodeId !== node) {
      node = f.nodeId;
      lines.push(output.paint('bold', node));
    }
    const severity = output.paint(SEVERITY_STYLE[f.severity], f.severity.padEnd(5));
    lines.push(
      `  #${f.id}  ${severity}  ${f.type}  ${output.paint('dim', f.extensionId)}${state(output, f)}`,
    );
    lines.push(`      ${f.message.replace(/\s+/g, ' ').trim()}`);
  }
  return lines;
}

/** `3 finding(s); hidden: 1 dismissed (--dismissed), 2 fixed (--fixed)`. */
export function viewSummary(view: FindingsView): string {
  const hidden = [
    ...(view.dismissedExcluded > 0 ? [`${view.dismissedExcluded} dismissed (--dismissed)`] : []),
    ...(view.fixedExcluded > 0 ? [`${view.fixedExcluded} fixed (--fixed)`] : []),
  ];
  const shown = view.findings.length === 0 ? 'no findings' : `${view.findings.length} finding(s)`;
  return hidden.length === 0 ? shown : `${shown}; hidden: ${hidden.join(', ')}`;
}

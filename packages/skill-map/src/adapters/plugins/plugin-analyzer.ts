// A plugin's deterministic analyzer: `evaluate({ nodes, links })` in the plugin's worker, its answer checked here
// (issues naming real nodes, view-contribution payloads against their slots, confidence ops only in the score phase).
// A fault costs one extension-error issue naming the extension; the rest of the scan goes on.
import { SEVERITIES } from '@skill-map/spec';
import type { Issue, ViewContribution } from '@skill-map/spec';
import type { Analyzer, AnalyzerPhase, ContributionPayload } from '../../kernel/index.js';
import { checkContributions, splitAnswer } from './contribution-data.js';
import { confidenceOps } from './confidence-ops.js';
import { PluginLoadError } from './plugin-errors.js';
import { isRecord, text, type Exported, type Invoke } from './export-values.js';
import { checkEmitted, type EmittedContribution, type UiEntry } from './ui-contributions.js';

/** A plugin issue as an analyzer returns it, checked; null when it is not one. */
function issueOf(value: unknown, analyzerId: string, paths: ReadonlySet<string>): Issue | null {
  if (!isRecord(value)) return null;
  const { severity, message, nodeIds, data } = value;
  if (typeof severity !== 'string' || !(SEVERITIES as readonly string[]).includes(severity)) return null;
  if (text(message) === undefined || !Array.isArray(nodeIds)) return null;
  if (!nodeIds.every((p) => typeof p === 'string' && paths.has(p))) return null;
  if (data !== undefined && !isRecord(data)) return null;
  const issue: Issue = {
    analyzerId,
    severity: severity as Issue['severity'],
    nodeIds: [...(nodeIds as string[])],
    message: (message as string).slice(0, 2000),
  };
  if (data !== undefined) issue.data = JSON.parse(JSON.stringify(data)) as Issue['data'];
  return issue;
}

/** What a plugin analyzer hands back besides its ids (issues, then view-contribution data). */
export interface AnalyzerContext {
  pluginId: string;
  shortId: string;
  description: string;
  contributions: readonly ViewContribution[];
  /** Its `ui` map, checked at load. */
  ui: readonly UiEntry[];
}

const PHASES: readonly AnalyzerPhase[] = ['score', 'detect', 'aggregate'];
export function pluginAnalyzer(
  ext: Exported,
  id: string,
  ctx: AnalyzerContext,
  invoke: Invoke,
  hasEvaluate: boolean,
): Analyzer {
  if (!hasEvaluate) throw new PluginLoadError(`analyzer '${id}' has no evaluate({ nodes, links })`);
  const phase = ext['phase'] ?? 'detect';
  if (!PHASES.includes(phase as AnalyzerPhase))
    throw new PluginLoadError(`analyzer '${id}': phase must be score, detect or aggregate`);
  let latest: ContributionPayload[] | null = null;
  let warnings: string[] = [];
  return {
    id,
    phase: phase as AnalyzerPhase,
    severity: 'varies',
    suppressible: false,
    description: ctx.description,
    takeContributions() {
      const taken = latest;
      latest = null;
      return taken;
    },
    takeWarnings() {
      const taken = warnings;
      warnings = [];
      return taken;
    },
    run(view, sink) {
      const fault = (problem: string, what = 'its issues are'): void => {
        sink.emit({
          analyzerId: 'extension-error',
          severity: 'warn',
          nodeIds: [],
          message: `Extension '${id}' ${problem.slice(0, 300)}; ${what} left out`,
          data: { extension: id, error: problem },
        });
      };
      latest = [];
      // Only the last run's warnings are kept: a long-running process (sm lsp) that never takes them does not pile up.
      warnings = [];
      let answer: unknown;
      try {
        // Copies (the worker receives structured clones): a plugin never reaches the kernel's own objects.
        answer = invoke('evaluate', [{ nodes: view.graph.nodes, links: view.links }]);
      } catch (error) {
        fault((error as Error).message);
        return;
      }
      const split = splitAnswer(answer);
      if (split === null) {
        fault('did not return a list');
        return;
      }
      const kindOf = new Map<string, string>(view.graph.nodes.map((n) => [n.path, n.kind]));
      const checked = checkContributions(split.contributions, ctx.pluginId, ctx.contributions, kindOf);
      const paths = new Set(kindOf.keys());
      // ctx.emitContribution payloads: one that fails its slot's schema is a warning (stderr), not an issue.
      const emitted = Array.isArray(split.emitted) ? (split.emitted as EmittedContribution[]) : [];
      const fromUi = checkEmitted(emitted, id, ctx.pluginId, ctx.ui, paths);
      latest = [...checked.payloads, ...fromUi.payloads];
      warnings.push(...fromUi.warnings);
      if (checked.errors.length > 0) fault(checked.errors.join('; '), 'those payloads are');
      const issues = split.issues.map((a) => issueOf(a, ctx.shortId, paths));
      const bad = issues.findIndex((i) => i === null);
      if (bad !== -1) {
        fault(
          `answered an invalid issue at index ${bad} (severity, message and nodeIds naming nodes are required)`,
        );
        return;
      }
      // Only a score-phase analyzer may move confidence (the kernel folds the ops in order, clamped to [0,1]).
      const ops = confidenceOps(split.confidence, view.links.length);
      if (typeof ops === 'string') fault(ops, 'its confidence adjustments are');
      else if (ops.length > 0 && phase !== 'score')
        fault("adjusted confidence outside the score phase (declare phase: 'score')", 'its adjustments are');
      else for (const op of ops) sink.adjust(op);
      for (const issue of issues) sink.emit(issue!);
    },
  };
}

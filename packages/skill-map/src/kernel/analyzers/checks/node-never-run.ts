import type { Analyzer } from '../analyzer.js';

/** The window of node-never-run when the setting is absent, in days. */
export const NEVER_RUN_WINDOW_DAYS = 30;

/**
 * The node kinds each host's activity capture reports every run of (`sm activity install`): Claude Code's hooks see
 * skills, commands and subagents; Codex's only subagents (it loads most skills by reading them, which no hook
 * reports); OpenCode's plugin skills and subagents (not slash commands). A kind a host cannot report is never called
 * "never run". A node belongs to the host of the same provider id.
 */
export const NEVER_RUN_KINDS: Readonly<Record<string, readonly string[]>> = {
  claude: ['agent', 'command', 'skill'],
  codex: ['agent'],
  opencode: ['agent', 'skill'],
};

/**
 * `core/node-never-run`: an agent, skill or command the activity capture has not seen run over the window
 * (`plugins.core.extensions.node-never-run.settings.windowDays`, default 30). Silent unless the engine hands it the
 * capture's facts (`ScanSettings.neverRun`): capture installed for the node's host, for at least the whole window.
 * Node-level (facet `node`): the issue of a node follows from its own row and those facts.
 */
export const nodeNeverRunAnalyzer: Analyzer = {
  id: 'core/node-never-run',
  phase: 'detect',
  severity: 'info',
  suppressible: true,
  wholeGraph: 'node',
  description: 'An agent, skill or command the activity capture has not seen run over the window (30 days).',
  hint: 'run it, or remove it if nobody needs it any more',
  run(view, sink) {
    const facts = view.settings.neverRun;
    if (facts === undefined || facts.hosts.length === 0) return;
    const seen = new Set(facts.seen);
    for (const node of view.graph.nodes) {
      if (node.virtual === true || seen.has(node.path) || !facts.hosts.includes(node.provider)) continue;
      if (!(NEVER_RUN_KINDS[node.provider] ?? []).includes(node.kind)) continue;
      sink.emit({
        analyzerId: 'node-never-run',
        severity: 'info',
        nodeIds: [node.path],
        message: `the ${node.provider} ${node.kind} '${node.path}' has not run in the last ${facts.windowDays} days of activity capture`,
        fix: { hint: nodeNeverRunAnalyzer.hint! },
        data: { target: node.path, host: node.provider, windowDays: facts.windowDays },
      });
    }
  },
};

import type { Analyzer } from '../analyzer.js';
import { hookScripts, settingsOf } from './settings.js';

/** `core/hook-command-missing`: a hook runs a script of the project (or plugin) that does not exist. */
export const hookCommandMissingAnalyzer: Analyzer = {
  id: 'core/hook-command-missing',
  phase: 'detect',
  severity: 'warn',
  suppressible: true,
  wholeGraph: 'node',
  description:
    'A hook command runs a script path ($CLAUDE_PROJECT_DIR/…, ./…) that does not exist in the project.',
  hint: 'fix the script path in the hook, or add the script',
  run(view, sink) {
    const exists = view.exists;
    if (exists === undefined) return;
    for (const node of view.graph.nodes) {
      const settings = settingsOf(node);
      if (settings === null) continue;
      const seen = new Set<string>();
      for (const hook of settings.hooks) {
        for (const [written, path] of hookScripts(hook, settings.base, node.provider === 'plugin')) {
          if (seen.has(path) || exists(path)) continue;
          seen.add(path);
          sink.emit({
            analyzerId: 'hook-command-missing',
            severity: 'warn',
            nodeIds: [node.path],
            message: `The ${hook.event} hook runs '${written}', but '${path}' does not exist`,
            fix: { hint: `create '${path}' or fix the path in the ${hook.event} hook` },
            data: { target: path, event: hook.event, command: hook.command.slice(0, 200) },
          });
        }
      }
    }
  },
};

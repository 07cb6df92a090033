import type { Analyzer } from '../analyzer.js';
import { settingsOf } from './settings.js';
import { nearest } from './values.js';
import { CLAUDE_HOOK_EVENTS } from './vocab.js';

/** `core/hook-event-unknown`: a `hooks` key of a Claude Code settings file that is not a hook event (never fires). */
export const hookEventUnknownAnalyzer: Analyzer = {
  id: 'core/hook-event-unknown',
  phase: 'detect',
  severity: 'varies',
  suppressible: true,
  wholeGraph: 'node',
  description:
    'A hooks key in Claude Code settings is not a hook event (warn for near misses, info otherwise).',
  hint: 'spell the event as Claude Code does (PreToolUse, PostToolUse, SessionStart, Stop, ...)',
  run(view, sink) {
    for (const node of view.graph.nodes) {
      const settings = settingsOf(node);
      if (settings === null) continue;
      for (const event of settings.hookEvents) {
        if (CLAUDE_HOOK_EVENTS.includes(event)) continue;
        const near = nearest(event, CLAUDE_HOOK_EVENTS);
        sink.emit({
          analyzerId: 'hook-event-unknown',
          severity: near === null ? 'info' : 'warn',
          nodeIds: [node.path],
          message:
            near === null
              ? `hooks: '${event}' is not a known Claude Code hook event; its hooks may never run`
              : `hooks: '${event}' is not a Claude Code hook event (they are case-sensitive): did you mean '${near}'?`,
          fix: { hint: near === null ? hookEventUnknownAnalyzer.hint! : `rename the key to '${near}'` },
          data: { target: event, ...(near === null ? {} : { suggestion: near }) },
        });
      }
    }
  },
};

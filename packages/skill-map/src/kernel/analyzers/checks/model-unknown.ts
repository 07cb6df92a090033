import type { Analyzer } from '../analyzer.js';
import { CLAUDE_MODEL_ALIASES, CLAUDE_MODEL_ID } from './vocab.js';
import { claudeHosted, nearest, stringField } from './values.js';

const KINDS = new Set(['agent', 'command', 'skill']);

/** `core/model-unknown`: a Claude Code `model:` that is neither an alias nor a Claude model id. */
export const modelUnknownAnalyzer: Analyzer = {
  id: 'core/model-unknown',
  phase: 'detect',
  severity: 'warn',
  suppressible: true,
  wholeGraph: 'node',
  description: 'A Claude Code agent, command or skill names a model that is neither an alias nor a model id.',
  hint: `use an alias (${CLAUDE_MODEL_ALIASES.slice(0, 5).join(', ')}) or a full claude-… model id`,
  run(view, sink) {
    for (const node of view.graph.nodes) {
      if (!KINDS.has(node.kind) || !claudeHosted(node)) continue;
      const model = stringField(node, 'model');
      if (model === null || model === '') continue;
      if (CLAUDE_MODEL_ALIASES.includes(model) || CLAUDE_MODEL_ID.test(model)) continue;
      const near = nearest(model, CLAUDE_MODEL_ALIASES);
      sink.emit({
        analyzerId: 'model-unknown',
        severity: 'warn',
        nodeIds: [node.path],
        message: `model '${model}' is not a Claude Code model alias or id${near === null ? '' : `: did you mean '${near}'?`}`,
        fix: { hint: near === null ? modelUnknownAnalyzer.hint! : `set model: ${near}` },
        data: { target: model, field: 'model', ...(near === null ? {} : { suggestion: near }) },
      });
    }
  },
};

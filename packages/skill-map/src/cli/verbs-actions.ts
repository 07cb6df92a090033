// The table of the action verbs (`sm actions`, `sm bump`): deterministic actions writing a node's sidecar through
// the consent gate. Kept apart from verbs.ts so the verb table stays readable.
import type { VerbSpec } from './verbs.js';

export const ACTION_VERBS: readonly VerbSpec[] = [
  {
    name: 'actions',
    summary: "list, inspect and run the plugins' actions",
    usage: [
      'actions list [--json] [--no-built-ins] [--no-plugins]',
      'actions show <plugin>/<action> [--json]',
      'actions run <plugin>/<action> -n <node> [--input <json>] [--dry-run] [--yes] [--json]',
    ],
    details: [
      "A deterministic action writes only the node's .sm sidecar, through the consent gate (allowEditSmFiles,",
      '--yes for this once, or a prompt on a terminal); a probabilistic one runs as a job (`sm jobs submit`).',
      'core/node-bump and core/node-set-stability ship switched off: `sm plugins enable core/node-bump`.',
      '--dry-run prints what would be written and writes nothing (no consent needed).',
      'Exit 2 when consent is missing or refused, 5 for an unknown or switched-off action or node.',
    ],
    options: {
      node: { type: 'string', short: 'n', value: 'path', description: 'the node to run the action on' },
      input: { type: 'string', value: 'json', description: "the action's input as a JSON object" },
      'dry-run': { type: 'boolean', description: 'compute and print, write nothing' },
      yes: { type: 'boolean', short: 'y', description: 'consent to this one sidecar write' },
      'no-built-ins': { type: 'boolean', description: 'run without the built-in plugins' },
      'no-plugins': { type: 'boolean', description: 'run without the drop-in plugins' },
    },
    maxArgs: 2,
    timed: true,
    load: () => import('./commands/actions.js'),
  },
  {
    name: 'bump',
    summary: "bump a node's annotated version in its .sm sidecar",
    usage: ['bump <node> [-n | --dry-run] [--yes] [--json]'],
    details: [
      'Sets annotations.version to the next integer (a node with none gets 1), re-records',
      "the node's identity hashes (its sidecar.status is fresh again after the next scan) and stamps audit.lastBumpedAt/By.",
      'The same computation as the core/node-bump action; this verb runs it even while that action is switched off.',
      'Consent as for every sidecar write: allowEditSmFiles, --yes, or the prompt on a terminal (exit 2 without).',
      "--json prints the reference's bump report {ok, version, createdSidecar}; `sm actions run core/node-bump` the full run.",
    ],
    options: {
      'dry-run': { type: 'boolean', short: 'n', description: 'print the bump, write nothing' },
      yes: { type: 'boolean', short: 'y', description: 'consent to this one sidecar write' },
    },
    maxArgs: 1,
    timed: true,
    load: () => import('./commands/bump.js'),
  },
];

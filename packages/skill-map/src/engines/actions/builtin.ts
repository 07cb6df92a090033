// The built-in deterministic actions of plugin `core` (spec §4.2): node-bump and node-set-stability ship switched
// off, node-set-tags on. Each only computes a sidecar patch; the engine writes it through the chokepoint.
import type { ActionRunArgs, DeterministicAction } from '../../kernel/index.js';

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const recordAt = (doc: Readonly<Record<string, unknown>>, key: string): Record<string, unknown> => {
  const v = doc[key];
  return isRecord(v) ? v : {};
};

/**
 * `core/node-bump`: annotations.version + 1 (a node with none gets version 1, as the reference's bump does), identity re-recorded, audit stamped
 * (lastBumpedAt/By; createdAt/By too when the bump creates the sidecar).
 */
export const nodeBump: DeterministicAction = {
  id: 'core/node-bump',
  writes: ['sidecar'],
  params: {},
  run({ node, sidecar, now, by }: ActionRunArgs) {
    const current = recordAt(sidecar, 'annotations')['version'];
    const from = typeof current === 'number' && Number.isInteger(current) && current >= 1 ? current : null;
    const to = from === null ? 1 : from + 1;
    const audit = recordAt(sidecar, 'audit');
    const createdSidecar = Object.keys(sidecar).length === 0;
    return {
      patch: {
        identity: { path: node.path, bodyHash: node.bodyHash, frontmatterHash: node.frontmatterHash },
        annotations: { version: to },
        audit: {
          // A bump that creates the sidecar also records who created it.
          ...(!createdSidecar || typeof audit['createdAt'] === 'string'
            ? {}
            : { createdAt: now, createdBy: by }),
          lastBumpedAt: now,
          lastBumpedBy: by,
        },
      },
      report: { from, to, createdSidecar, lastBumpedAt: now, lastBumpedBy: by },
    };
  },
};

/** `core/node-set-stability`: annotations.stability. */
export const nodeSetStability: DeterministicAction = {
  id: 'core/node-set-stability',
  writes: ['sidecar'],
  params: {
    stability: {
      type: 'string',
      required: true,
      enum: ['experimental', 'stable', 'deprecated'],
      description: 'the stability to record',
    },
  },
  run({ sidecar, input }) {
    const from = recordAt(sidecar, 'annotations')['stability'] ?? null;
    return {
      patch: { annotations: { stability: input['stability'] } },
      report: { from, to: input['stability'] },
    };
  },
};

/** `core/node-set-tags`: annotations.tags, replaced as a whole (an empty list removes them). */
export const nodeSetTags: DeterministicAction = {
  id: 'core/node-set-tags',
  writes: ['sidecar'],
  params: {
    tags: { type: 'string-list', required: true, description: 'the tags, replacing the current ones' },
  },
  run({ sidecar, input }) {
    const from = recordAt(sidecar, 'annotations')['tags'] ?? [];
    const tags = [...new Set(input['tags'] as string[])];
    return {
      patch: { annotations: { tags: tags.length === 0 ? null : tags } },
      report: { from, to: tags },
    };
  },
};

/** The built-in actions with their manifest extras. */
export const BUILTIN_ACTIONS: readonly {
  action: DeterministicAction;
  version: string;
  description: string;
  defaultEnabled: boolean;
}[] = [
  {
    action: nodeBump,
    version: '1.0.0',
    description: "Bump a node's annotated version (identity re-recorded, audit stamped) in its .sm sidecar.",
    defaultEnabled: false,
  },
  {
    action: nodeSetStability,
    version: '1.0.0',
    description: "Set a node's stability (experimental, stable, deprecated) in its .sm sidecar.",
    defaultEnabled: false,
  },
  {
    action: nodeSetTags,
    version: '1.0.0',
    description: "Replace a node's tags in its .sm sidecar.",
    defaultEnabled: true,
  },
];

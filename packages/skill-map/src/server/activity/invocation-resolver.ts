// Which node of the map an invocation by name is: the hook knows only what the host said ("the skill review ran"),
// the map knows which file answers to that name. Resolution uses the kernel's own handles (identifiersOf: the
// frontmatter name, the folder of a SKILL.md, a file's basename) and prefers the reporting host's nodes.
import { identifiersOf, normalizeTrigger } from '../../kernel/index.js';
import type { MapReader } from '../read/map-reader.js';
import type { ActivityEvent, Invocation } from './activity-store.js';

/** The node kinds an invocation may name. */
const INVOKABLE = ['skill', 'agent', 'command', 'workflow'];
/** Providers whose nodes a host's invocations prefer (same-named nodes of other hosts rank after them). */
const HOST_PROVIDERS: Readonly<Record<string, readonly string[]>> = {
  claude: ['claude'],
  codex: ['codex', 'agent-skills'],
  opencode: ['opencode'],
};
/** How often the resolver checks whether the persisted scan changed under it (besides scan.completed). */
const RECHECK_MS = 2000;

interface Candidate {
  path: string;
  kind: string;
  provider: string;
  byName: boolean;
}

export interface InvocationResolver {
  /** The event an invocation is on the map, or null when its name answers to no node of those kinds. */
  resolve(inv: Invocation): ActivityEvent | null;
  /** Forgets the name index (a scan completed). */
  invalidate(): void;
}

function better(a: Candidate, b: Candidate, kinds: readonly string[], providers: readonly string[]): boolean {
  const pa = providers.includes(a.provider) ? 0 : 1;
  const pb = providers.includes(b.provider) ? 0 : 1;
  if (pa !== pb) return pa < pb;
  const ka = kinds.indexOf(a.kind);
  const kb = kinds.indexOf(b.kind);
  if (ka !== kb) return ka < kb;
  if (a.byName !== b.byName) return a.byName;
  return a.path < b.path;
}

/** Resolves invocations against the persisted map (the index is rebuilt after each scan). */
export function createInvocationResolver(
  reader: MapReader,
  now: () => number = Date.now,
): InvocationResolver {
  let index: Map<string, Candidate[]> | null = null;
  let key = '';
  let checkedAt = 0;
  const keyOf = (): string => {
    const meta = reader.scanMeta();
    return `${meta.scannedAt}:${meta.counts.nodes}`;
  };
  const build = (): Map<string, Candidate[]> => {
    const out = new Map<string, Candidate[]>();
    const page = reader.listNodes(
      { kinds: INVOKABLE, hasIssues: false, paths: null },
      { limit: 1_000_000, offset: 0 },
    );
    for (const node of page.items) {
      for (const id of identifiersOf(node.path, node.kind, node.frontmatter)) {
        const c = {
          path: node.path,
          kind: node.kind,
          provider: node.provider,
          byName: id.via === 'frontmatter.name',
        };
        const list = out.get(id.handle);
        if (list === undefined) out.set(id.handle, [c]);
        else list.push(c);
      }
    }
    return out;
  };
  const current = (): Map<string, Candidate[]> => {
    const t = now();
    if (index === null || t - checkedAt >= RECHECK_MS) {
      checkedAt = t;
      const k = keyOf();
      if (index === null || k !== key) {
        index = build();
        key = k;
      }
    }
    return index;
  };
  const pick = (name: string, kinds: readonly string[], host: string): string | null => {
    const providers = HOST_PROVIDERS[host] ?? [];
    let best: Candidate | null = null;
    for (const c of current().get(normalizeTrigger(name)) ?? []) {
      if (!kinds.includes(c.kind)) continue;
      if (best === null || better(c, best, kinds, providers)) best = c;
    }
    return best?.path ?? null;
  };
  return {
    resolve(inv) {
      const to = pick(inv.name, inv.kinds, inv.host);
      if (to === null) return null;
      const at = inv.at === undefined ? {} : { at: inv.at };
      const from = inv.by === undefined ? null : pick(inv.by, ['agent'], inv.host);
      return from === null || from === to
        ? { type: 'node.activity', node: to, ...at }
        : { type: 'agent.spawn', from, to, ...at };
    },
    invalidate() {
      index = null;
    },
  };
}

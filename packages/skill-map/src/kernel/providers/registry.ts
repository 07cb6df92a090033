import { NODE_KINDS } from '@skill-map/spec';
import type { LinkKind, NodeKind } from '@skill-map/spec';
import { normalizeTrigger } from '../util/normalize-trigger.js';
import { agentSkillsProvider } from './agent-skills.js';
import { antigravityProvider } from './antigravity.js';
import { claudeProvider } from './claude.js';
import { codexProvider } from './codex.js';
import { cursorProvider } from './cursor.js';
import { markdownProvider } from './markdown.js';
import { opencodeProvider } from './opencode.js';
import { pluginProvider } from './plugin.js';
import type { ClassifyContext, Provider } from './provider.js';

/** Lens-capable providers in precedence order (ties between markers of equal strength pick the first). */
export const LENS_PROVIDERS: readonly Provider[] = [
  claudeProvider,
  opencodeProvider,
  codexProvider,
  antigravityProvider,
  cursorProvider,
  agentSkillsProvider,
];

/** Every built-in provider. */
export const BUILTIN_PROVIDERS: readonly Provider[] = [...LENS_PROVIDERS, pluginProvider, markdownProvider];

/**
 * Every node kind a scan produces (the spec's vocabulary: the providers' kinds, plus the plugin, marketplace and
 * settings manifests' nodes): a query naming another kind can match nothing.
 */
export const KNOWN_NODE_KINDS: readonly NodeKind[] = NODE_KINDS;

/** The lens used when no vendor marker exists. */
export const DEFAULT_LENS = agentSkillsProvider.id;

const BY_ID = new Map(BUILTIN_PROVIDERS.map((p) => [p.id, p]));

/** Looks a provider up by id. */
export function getProvider(id: string): Provider | undefined {
  return BY_ID.get(id);
}

/** One provider id (a single lens, as before) or the active set. */
export type ProviderIds = string | readonly string[];

const PRECEDENCE = new Map(LENS_PROVIDERS.map((p, i) => [p.id, i]));

/**
 * The ids de-duplicated and in provider precedence order (claude > opencode > codex > antigravity > cursor >
 * agent-skills); ids that are not lens providers keep their relative order after them.
 */
export function inPrecedenceOrder(ids: ProviderIds): string[] {
  const list = typeof ids === 'string' ? [ids] : [...new Set(ids)];
  const rank = (id: string): number => PRECEDENCE.get(id) ?? LENS_PROVIDERS.length;
  return list
    .map((id, i) => ({ id, i }))
    .sort((a, b) => rank(a.id) - rank(b.id) || a.i - b.i)
    .map((e) => e.id);
}

/**
 * Classification chain for an active set, over the registered providers (the built-ins by default): each active gated provider in precedence order (so shared territories such
 * as `.claude/skills` or `.agents/skills` go to the first active claimant), then the non-gated `plugin`,
 * `agent-skills` and `core/markdown` providers. First claim wins. A single id is the one-lens chain of old.
 */
export function providerChain(
  ids: ProviderIds,
  registered: readonly Provider[] = BUILTIN_PROVIDERS,
): Provider[] {
  const present = new Set(registered);
  const chain: Provider[] = [];
  for (const id of inPrecedenceOrder(ids)) {
    const provider = BY_ID.get(id);
    if (provider !== undefined && provider.gated && present.has(provider)) chain.push(provider);
  }
  // Plugins' providers (never gated) claim before the built-in fallbacks: a `.md` they map is theirs, not markdown.
  const plugins = registered.filter((p) => !p.gated && !FALLBACKS.includes(p));
  return [...chain, ...plugins, ...FALLBACKS.filter((p) => present.has(p))];
}

const FALLBACKS: readonly Provider[] = [pluginProvider, agentSkillsProvider, markdownProvider];

/** A classification: which provider claimed the path and as what kind. */
export interface Classification {
  provider: string;
  kind: string;
}

/** Why a provider's answer was discarded: it threw, or named a kind it does not declare. */
export type ClassifyFault = (provider: string, problem: string) => void;

/**
 * Classifies `path` through `chain` (first claim wins), or null when nobody claims it. A provider that throws or
 * answers a kind outside its declared `kinds` is skipped for this path (the next one may claim it) and reported to
 * `onFault`: a plugin's mistake costs its own claim, never the file or the scan.
 */
export function classifyPath(
  path: string,
  chain: readonly Provider[],
  ctx: ClassifyContext,
  onFault?: ClassifyFault,
): Classification | null {
  for (const provider of chain) {
    let kind: unknown;
    try {
      kind = provider.classify(path, ctx);
    } catch (error) {
      // A plugin host reports its own faults (timed out, bad answer) as `ExtensionFault`s, worded already.
      const problem =
        error instanceof Error
          ? error.name === 'ExtensionFault'
            ? error.message
            : `threw ${error.name}: ${error.message}`
          : `threw ${String(error)}`;
      onFault?.(provider.id, problem);
      continue;
    }
    if (kind === null || kind === undefined) continue;
    if (typeof kind === 'string' && (provider.kinds as readonly string[]).includes(kind))
      return { provider: provider.id, kind };
    onFault?.(
      provider.id,
      `answered ${JSON.stringify(kind)?.slice(0, 80) ?? typeof kind}, not one of its kinds`,
    );
  }
  return null;
}

const RESERVED = new Map<string, Map<string, Set<string>>>(
  BUILTIN_PROVIDERS.map((p) => [
    p.id,
    new Map(Object.entries(p.reserved).map(([kind, names]) => [kind, new Set(names.map(normalizeTrigger))])),
  ]),
);

/** The first provider of the set (precedence order) that reserves `handle` (normalised) for nodes of `kind`. */
export function reservingProvider(ids: ProviderIds, kind: string, handle: string): string | null {
  for (const id of typeof ids === 'string' ? [ids] : ids) {
    if (RESERVED.get(id)?.get(kind)?.has(handle) === true) return id;
  }
  return null;
}

const RESERVED_INDEX_CACHE = new Map<string, ReadonlyMap<string, ReadonlySet<string>>>();

/** The active set's reserved names merged per node kind (normalised handles), cached per set. */
export function reservedIndex(ids: ProviderIds): ReadonlyMap<string, ReadonlySet<string>> {
  const list = typeof ids === 'string' ? [ids] : ids;
  const key = list.join('\n');
  const cached = RESERVED_INDEX_CACHE.get(key);
  if (cached !== undefined) return cached;
  const merged = new Map<string, Set<string>>();
  for (const id of list) {
    for (const [kind, names] of RESERVED.get(id) ?? []) {
      const set = merged.get(kind) ?? new Set<string>();
      for (const name of names) set.add(name);
      merged.set(kind, set);
    }
  }
  if (RESERVED_INDEX_CACHE.size < 64) RESERVED_INDEX_CACHE.set(key, merged);
  return merged;
}

/** True when an active provider's runtime reserves `handle` (normalised) for nodes of `kind` (union of the lists). */
export function isReservedName(ids: ProviderIds, kind: string, handle: string): boolean {
  return reservingProvider(ids, kind, handle) !== null;
}

/** True when an active provider reserves `handle` for any of `kinds` (a trigger naming a runtime built-in). */
export function isReservedForAny(ids: ProviderIds, kinds: readonly string[], handle: string): boolean {
  return kinds.some((kind) => isReservedName(ids, kind, handle));
}

/** A link kind → node kinds priority map. */
export type ResolutionMap = Partial<Record<LinkKind, readonly string[]>>;

const RESOLUTION_CACHE = new Map<string, ResolutionMap>();

/**
 * The merged resolution map of an active set: for each link kind, the active providers' priority lists concatenated
 * in precedence order and de-duplicated (claude invokes [command, skill] + codex invokes [skill] = [command, skill]).
 */
export function resolutionMap(ids: ProviderIds): ResolutionMap {
  const ordered = inPrecedenceOrder(ids);
  const key = ordered.join('\n');
  const cached = RESOLUTION_CACHE.get(key);
  if (cached !== undefined) return cached;
  const merged: Partial<Record<LinkKind, string[]>> = {};
  for (const id of ordered) {
    const resolution = BY_ID.get(id)?.resolution ?? {};
    for (const [kind, kinds] of Object.entries(resolution) as [LinkKind, readonly string[]][]) {
      const list = (merged[kind] ??= []);
      for (const k of kinds) if (!list.includes(k)) list.push(k);
    }
  }
  if (RESOLUTION_CACHE.size < 64) RESOLUTION_CACHE.set(key, merged);
  return merged;
}

/** The active set's resolution priority list for a link kind (empty when no active provider resolves that kind). */
export function resolutionKinds(ids: ProviderIds, kind: LinkKind): readonly string[] {
  return resolutionMap(ids)[kind] ?? [];
}

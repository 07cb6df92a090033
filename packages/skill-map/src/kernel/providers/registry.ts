import type { LinkKind } from '@skill-map/spec';
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

/** The lens used when no vendor marker exists. */
export const DEFAULT_LENS = agentSkillsProvider.id;

const BY_ID = new Map(BUILTIN_PROVIDERS.map((p) => [p.id, p]));

/** Looks a provider up by id. */
export function getProvider(id: string): Provider | undefined {
  return BY_ID.get(id);
}

/**
 * Classification chain for a lens: the lens provider (when gated), then the non-gated `plugin`, `agent-skills` and
 * `core/markdown` providers. First claim wins.
 */
export function providerChain(lensId: string): Provider[] {
  const lens = BY_ID.get(lensId);
  const chain = lens !== undefined && lens.gated ? [lens] : [];
  return [...chain, pluginProvider, agentSkillsProvider, markdownProvider];
}

/** A classification: which provider claimed the path and as what kind. */
export interface Classification {
  provider: string;
  kind: string;
}

/** Classifies `path` through `chain` (first claim wins), or null when nobody claims it. */
export function classifyPath(
  path: string,
  chain: readonly Provider[],
  ctx: ClassifyContext,
): Classification | null {
  for (const provider of chain) {
    const kind = provider.classify(path, ctx);
    if (kind !== null) return { provider: provider.id, kind };
  }
  return null;
}

const RESERVED = new Map<string, Map<string, Set<string>>>(
  BUILTIN_PROVIDERS.map((p) => [
    p.id,
    new Map(Object.entries(p.reserved).map(([kind, names]) => [kind, new Set(names.map(normalizeTrigger))])),
  ]),
);

/** True when the lens runtime reserves `handle` (normalised) for nodes of `kind`. */
export function isReservedName(lensId: string, kind: string, handle: string): boolean {
  return RESERVED.get(lensId)?.get(kind)?.has(handle) ?? false;
}

/** True when the lens reserves `handle` for any of `kinds` (a trigger naming a runtime built-in). */
export function isReservedForAny(lensId: string, kinds: readonly string[], handle: string): boolean {
  return kinds.some((kind) => isReservedName(lensId, kind, handle));
}

/** The lens's resolution priority list for a link kind (empty when the lens does not resolve that kind). */
export function resolutionKinds(lensId: string, kind: LinkKind): readonly string[] {
  return BY_ID.get(lensId)?.resolution[kind] ?? [];
}

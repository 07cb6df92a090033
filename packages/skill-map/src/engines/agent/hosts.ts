import { presentEntries } from '../../adapters/fs/skill-folder.js';
import { detectLens, getProvider } from '../../kernel/index.js';
import type { EngineContext } from '../context.js';
import { EngineError } from '../errors.js';

/** The agent hosts `sm agent` installs for; each maps to the lens provider whose skill directory it reads. */
export const AGENT_HOSTS = ['claude', 'codex', 'opencode', 'agent-skills'] as const;

export type AgentHost = (typeof AGENT_HOSTS)[number];

/** Every lens provider whose markers decide the default host (in lens precedence order). */
const AGENT_LENS_IDS = ['claude', 'opencode', 'codex', 'antigravity', 'cursor', 'agent-skills'];

/** The host used when neither `--for` nor the project's lens names one. */
export const FALLBACK_HOST: AgentHost = 'claude';

/** The project-relative skill directory of a host, taken from its provider (`.claude/skills`, `.agents/skills`...). */
export function hostSkillDir(host: AgentHost): string {
  const dir = getProvider(host)?.skillDir ?? null;
  if (dir === null) throw new Error(`provider ${host} declares no skill directory`);
  return dir;
}

/** A typed `--for` value, or EngineError `invalid-input` naming the accepted hosts. */
export function parseHost(input: string): AgentHost {
  const host = AGENT_HOSTS.find((h) => h === input.trim());
  if (host === undefined)
    throw new EngineError(
      'invalid-input',
      `unknown agent host "${input}"; --for accepts ${AGENT_HOSTS.join(', ')}`,
      { details: { argument: 'for', accepted: [...AGENT_HOSTS] } },
    );
  return host;
}

/** The host folders present at the project root, as paths lens detection understands (`.claude/` → `.claude/x`). */
function markerPaths(root: string): string[] {
  const prefixes = AGENT_LENS_IDS.flatMap((id) => getProvider(id)?.markers.map((m) => m.prefix) ?? []);
  const present = new Set(
    presentEntries(
      root,
      prefixes.map((p) => p.replace(/\/$/, '')),
    ),
  );
  return prefixes
    .filter((p) => present.has(p.replace(/\/$/, '')))
    .map((p) => (p.endsWith('/') ? `${p}x` : p));
}

/**
 * The default host of a project: the first provider of its active lens (the committed `activeProvider`, else the
 * host folders present at the root) that is an agent host. A project with no host marker but an `.agents/skills`
 * folder gets `agent-skills`; otherwise (no marker, or only Cursor / Antigravity) `claude`.
 */
export function defaultHost(ctx: Pick<EngineContext, 'scopeRoot' | 'config'>): AgentHost {
  const raw = ctx.config()['activeProvider'];
  const activeProvider: string | string[] | null =
    typeof raw === 'string'
      ? raw
      : Array.isArray(raw) && raw.every((v): v is string => typeof v === 'string')
        ? raw
        : null;
  const lens = detectLens(markerPaths(ctx.scopeRoot), { activeProvider });
  if (lens.status === 'default')
    return presentEntries(ctx.scopeRoot, [hostSkillDir('agent-skills')]).length > 0
      ? 'agent-skills'
      : FALLBACK_HOST;
  const providers = lens.providers ?? [lens.provider];
  return AGENT_HOSTS.find((h) => providers.includes(h)) ?? FALLBACK_HOST;
}

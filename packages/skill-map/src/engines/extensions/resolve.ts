import { resolveAnalyzerId } from '../../kernel/analyzers/catalog.js';
import { suggest } from '../../kernel/util/suggest.js';
import { EngineError } from '../errors.js';
import { disabledBy } from './enable-state.js';
import type { ExtensionKind, ProbExtension } from './types.js';

const PREFIXES: Readonly<Record<string, ExtensionKind>> = { 'action:': 'action', 'analyzer:': 'analyzer' };

/** `core/ai-x-analyzer` → `ai-x-analyzer`. */
export function bareId(id: string): string {
  return id.slice(id.indexOf('/') + 1);
}

function splitPrefix(input: string): { kind: ExtensionKind | null; id: string } {
  for (const [prefix, kind] of Object.entries(PREFIXES)) {
    if (input.startsWith(prefix)) return { kind, id: input.slice(prefix.length).trim() };
  }
  return { kind: null, id: input };
}

/** Close names (edit distance, prefix) plus names containing what was typed (`security` → both security ids). */
function didYouMean(typed: string, defs: readonly ProbExtension[]): string[] {
  const visible = defs.filter((d) => d.locked !== true);
  const names = visible.flatMap((d) => [d.id, bareId(d.id)]);
  const close = suggest(typed, names).map((n) => visible.find((d) => d.id === n || bareId(d.id) === n)!.id);
  const containing = typed.length >= 3 ? visible.filter((d) => d.id.includes(typed)).map((d) => d.id) : [];
  return [...new Set([...close, ...containing])].slice(0, 4);
}

function notFound(input: string, typed: string, defs: readonly ProbExtension[], hint: string): EngineError {
  const suggestions = didYouMean(typed, defs);
  const mean = suggestions.length === 0 ? '' : ` (did you mean ${suggestions.join(', ')}?)`;
  return new EngineError('not-found', `unknown extension "${input}"${mean}; ${hint}`, {
    details: { extension: input, suggestions },
  });
}

const LIST_HINT = '`sm jobs extensions` or MCP `list_extensions` lists the enabled ones';

/**
 * Resolves what an operator typed to one probabilistic extension (spec §5.2 item 1): a qualified id, a bare
 * suffix, or an `action:` / `analyzer:` prefixed form of either. Deterministic analyzers, locked system
 * extensions and disabled ones are refused as `unsupported-extension`; a bare id two extensions share is
 * `ambiguous-extension`; anything else unknown is `not-found` with suggestions.
 */
export function resolveExtension(
  input: string,
  defs: readonly ProbExtension[],
  config: Readonly<Record<string, unknown>>,
): ProbExtension {
  const trimmed = input.trim();
  if (trimmed === '')
    throw new EngineError(
      'invalid-input',
      'extension id is empty; pass a qualified id such as core/ai-security-analyzer',
      {
        details: { argument: 'extension' },
      },
    );
  const { kind, id } = splitPrefix(trimmed);
  const named = defs.filter((d) => d.id === id || bareId(d.id) === id);
  const hits = kind === null ? named : named.filter((d) => d.kind === kind);
  if (hits.length === 0) {
    const other = named[0];
    if (other !== undefined)
      throw notFound(trimmed, id, defs, `${other.id} is an ${other.kind}, not an ${kind!}`);
    const deterministic = resolveAnalyzerId(id);
    if (deterministic !== null)
      throw new EngineError(
        'unsupported-extension',
        `${deterministic.id} is a deterministic analyzer: it runs on every scan (see \`sm check\`), it is not a job; ` +
          `probabilistic extensions are listed by \`sm jobs extensions\``,
        { details: { extension: deterministic.id, reason: 'deterministic' } },
      );
    throw notFound(trimmed, id, defs, LIST_HINT);
  }
  if (hits.length > 1) {
    const ids = hits.map((d) => `${d.kind}:${d.id}`);
    throw new EngineError(
      'ambiguous-extension',
      `"${trimmed}" names ${ids.join(' and ')}; prefix it with action: or analyzer: (or use the qualified id)`,
      { details: { extension: trimmed, candidates: hits.map((d) => ({ id: d.id, kind: d.kind })) } },
    );
  }
  const hit = hits[0]!;
  if (hit.locked === true)
    throw new EngineError(
      'unsupported-extension',
      `${hit.id} is a locked system extension; it cannot be submitted`,
      {
        details: { extension: hit.id, reason: 'locked' },
      },
    );
  const key = disabledBy(hit, config);
  if (key !== null) {
    throw new EngineError(
      'unsupported-extension',
      `${hit.id} is disabled by the setting ${key}; enable it with \`sm config set ${key} true\``,
      { details: { extension: hit.id, reason: 'disabled', key } },
    );
  }
  return hit;
}

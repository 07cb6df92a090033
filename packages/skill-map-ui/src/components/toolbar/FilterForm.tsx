import { formatExportQuery, parseExportQuery } from '@skill-map/spec';
import { useEffect, useMemo, useRef, useState } from 'react';
import { isFilterEmpty, isScopeEmpty, resolveScope } from '../../map/filter';
import { EMPTY_FILTER, store, useApp, type MapFilter } from '../../state/store';

const toText = (f: MapFilter): string =>
  formatExportQuery({
    kinds: f.kinds.length === 0 ? null : f.kinds,
    hasIssues: f.hasIssues,
    paths: f.paths.length === 0 ? null : f.paths,
  });

const splitPaths = (text: string): string[] => text.split(/[\s,]+/).filter((p) => p !== '');

function toggle(list: string[], value: string, on: boolean): string[] {
  return on ? [...list.filter((v) => v !== value), value].sort() : list.filter((v) => v !== value);
}

/** The map's filters (`sm export` grammar, plus hosts) and branch scope (`/api/branch` overrides). */
export function FilterForm() {
  const map = useApp((s) => s.map);
  const filter = useApp((s) => s.filter);
  const scope = useApp((s) => s.scope);
  const [text, setText] = useState(() => toText(filter));
  const [error, setError] = useState<string | null>(null);
  const [includes, setIncludes] = useState(scope.includes.join(' '));
  const [excludes, setExcludes] = useState(scope.excludes.join(' '));
  const typed = useRef<MapFilter | null>(null);

  // Checkbox changes rewrite the query text; typing keeps what was typed.
  useEffect(() => {
    if (typed.current !== filter) setText(toText(filter));
    typed.current = null;
  }, [filter]);
  useEffect(() => {
    if (splitPaths(includes).join(' ') !== scope.includes.join(' ')) setIncludes(scope.includes.join(' '));
    if (splitPaths(excludes).join(' ') !== scope.excludes.join(' ')) setExcludes(scope.excludes.join(' '));
  }, [scope]);

  const counts = useMemo(() => {
    const kinds = new Map<string, number>();
    const hosts = new Map<string, number>();
    for (const n of map?.nodes ?? []) {
      kinds.set(n.kind, (kinds.get(n.kind) ?? 0) + 1);
      hosts.set(n.provider, (hosts.get(n.provider) ?? 0) + 1);
    }
    const sorted = (m: Map<string, number>) => [...m].sort((a, b) => (a[0] < b[0] ? -1 : 1));
    return { kinds: sorted(kinds), hosts: sorted(hosts) };
  }, [map]);

  const setFilter = (patch: Partial<MapFilter>): void =>
    store.set((s) => ({ filter: { ...s.filter, ...patch } }));

  const onQuery = (value: string): void => {
    setText(value);
    // The map's own kinds count as known too: a plugin's kind (`kind=note`) filters like the spec's.
    const parsed = parseExportQuery(
      value,
      counts.kinds.map(([kind]) => kind),
    );
    if (!parsed.ok) return setError(parsed.error.message);
    setError(null);
    const next: MapFilter = {
      ...store.get().filter,
      kinds: parsed.value.kinds ?? [],
      paths: parsed.value.paths ?? [],
      hasIssues: parsed.value.hasIssues,
    };
    typed.current = next;
    store.set({ filter: next });
  };

  const onScope = (which: 'includes' | 'excludes', value: string): void => {
    (which === 'includes' ? setIncludes : setExcludes)(value);
    store.set((s) => ({ scope: { ...s.scope, [which]: splitPaths(value) } }));
  };

  const scoped = resolveScope(scope);
  const active =
    filter.kinds.length +
    filter.providers.length +
    filter.paths.length +
    (filter.hasIssues ? 1 : 0) +
    scope.includes.length +
    scope.excludes.length;
  return (
    <form aria-label="Filters" className="filters" onSubmit={(e) => e.preventDefault()}>
      <input
        type="text"
        className="filter-query"
        aria-label="Filter query"
        aria-invalid={error !== null}
        aria-describedby="filter-error"
        placeholder="kind=skill path=.claude/** has=issues"
        spellCheck={false}
        autoComplete="off"
        value={text}
        onChange={(e) => onQuery(e.target.value)}
      />
      <details className="filters-more">
        <summary>Filters{active > 0 ? ` (${active})` : ''}</summary>
        <div className="filters-panel">
          <fieldset>
            <legend>Kinds</legend>
            {counts.kinds.map(([k, n]) => (
              <label key={k}>
                <input
                  type="checkbox"
                  checked={filter.kinds.includes(k)}
                  onChange={(e) => setFilter({ kinds: toggle(filter.kinds, k, e.target.checked) })}
                />
                {k} <span className="filter-count">{n}</span>
              </label>
            ))}
          </fieldset>
          <fieldset>
            <legend>Hosts</legend>
            {counts.hosts.map(([h, n]) => (
              <label key={h}>
                <input
                  type="checkbox"
                  checked={filter.providers.includes(h)}
                  onChange={(e) => setFilter({ providers: toggle(filter.providers, h, e.target.checked) })}
                />
                {h} <span className="filter-count">{n}</span>
              </label>
            ))}
          </fieldset>
          <fieldset>
            <legend>Issues</legend>
            <label>
              <input
                type="checkbox"
                checked={filter.hasIssues}
                onChange={(e) => setFilter({ hasIssues: e.target.checked })}
              />
              Has issues
            </label>
          </fieldset>
          <fieldset>
            <legend>Branch scope</legend>
            <label>
              Include
              <input
                type="text"
                aria-label="Scope include paths"
                placeholder=".claude/skills"
                value={includes}
                onChange={(e) => onScope('includes', e.target.value)}
              />
            </label>
            <label>
              Exclude
              <input
                type="text"
                aria-label="Scope exclude paths"
                placeholder="docs/archive"
                value={excludes}
                onChange={(e) => onScope('excludes', e.target.value)}
              />
            </label>
            <p className="filter-hint">
              The nearest included or excluded folder decides; paths separated by spaces.
            </p>
          </fieldset>
          <button
            type="button"
            disabled={isFilterEmpty(filter) && isScopeEmpty(scope)}
            onClick={() => store.set({ filter: EMPTY_FILTER, scope: { includes: [], excludes: [] } })}
          >
            Clear filters
          </button>
        </div>
      </details>
      <p id="filter-error" className="filter-error" role="status">
        {error ?? (scoped.ok ? '' : scoped.error.message)}
      </p>
    </form>
  );
}

import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { searchNodes } from '../../map/search';
import { navigate } from '../../state/route';
import { store, useApp } from '../../state/store';

/** Search by name or path: ranked results, arrows move, Enter opens the node on the map (`/` is keyboard.ts's). */
export function SearchBox() {
  const map = useApp((s) => s.map);
  const query = useApp((s) => s.search);
  const [active, setActive] = useState(0);
  const [open, setOpen] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const results = useMemo(() => (map === null ? [] : searchNodes(map.nodes, query, 20)), [map, query]);

  const choose = (path: string): void => {
    setOpen(false);
    // Opening from search shows the node on the map (and its panel), whatever view is current.
    navigate({ view: 'map', node: path });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>): void => {
    if (e.key === 'ArrowDown') setActive((a) => Math.min(a + 1, results.length - 1));
    else if (e.key === 'ArrowUp') setActive((a) => Math.max(a - 1, 0));
    else if (e.key === 'Enter') {
      const hit = results[active] ?? results[0];
      if (hit !== undefined) choose(hit.path);
    } else if (e.key === 'Escape') {
      if (query === '') input.current?.blur();
      store.set({ search: '' });
    } else return;
    setOpen(e.key !== 'Enter' && e.key !== 'Escape');
    e.preventDefault();
    e.stopPropagation();
  };

  const shown = open && query.trim() !== '';
  const activeId = shown && results[active] !== undefined ? `search-result-${active}` : undefined;
  return (
    <div className="search">
      <input
        ref={input}
        type="search"
        aria-label="Search nodes"
        placeholder="Search nodes  ( / )"
        value={query}
        autoComplete="off"
        spellCheck={false}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={shown && results.length > 0}
        // Only while the list exists: a reference to a missing element is invalid ARIA.
        {...(shown && results.length > 0 ? { 'aria-controls': 'search-results' } : {})}
        aria-activedescendant={activeId}
        onChange={(e) => {
          store.set({ search: e.target.value });
          setActive(0);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      {shown && results.length === 0 && <p className="search-results search-empty">No node matches</p>}
      {shown && results.length > 0 && (
        <ul id="search-results" role="listbox" aria-label="Search results" className="search-results">
          {results.map((n, i) => (
            <li
              key={n.path}
              id={`search-result-${i}`}
              role="option"
              aria-selected={i === active}
              className="search-result"
              onMouseDown={(e) => e.preventDefault()}
              onMouseEnter={() => setActive(i)}
              onClick={() => choose(n.path)}
            >
              <span className="search-name">{n.name}</span>
              <span className="search-kind">{n.kind}</span>
              <span className="search-path">{n.path}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

import { useApp } from '../state/store';
import { ActivityToggle } from './toolbar/ActivityToggle';
import { FilterForm } from './toolbar/FilterForm';
import { SearchBox } from './toolbar/SearchBox';
import '../styles/toolbar.css';

const VIEWS = [
  { view: 'map', href: '#/', label: 'Map' },
  { view: 'issues', href: '#/issues', label: 'Issues' },
  { view: 'jobs', href: '#/jobs', label: 'Jobs' },
  { view: 'plugins', href: '#/plugins', label: 'Plugins' },
] as const;

/** The page's toolbar: view links, node search, the map's filters and scope, the activity overlay. */
export function Toolbar() {
  const view = useApp((s) => s.route.view);
  return (
    <header className="toolbar" aria-label="Toolbar">
      <span className="toolbar-brand">skill-map</span>
      <nav aria-label="Views" className="toolbar-nav">
        {VIEWS.map((v) => (
          <a key={v.view} href={v.href} aria-current={view === v.view ? 'page' : undefined}>
            {v.label}
          </a>
        ))}
      </nav>
      <SearchBox />
      <FilterForm />
      <ActivityToggle />
    </header>
  );
}

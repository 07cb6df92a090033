import { IssuesView } from './components/IssuesView';
import { JobsView } from './components/JobsView';
import { MapView } from './components/MapView';
import { NodePanel } from './components/NodePanel';
import { PluginsView } from './components/PluginsView';
import { StatusBar } from './components/StatusBar';
import { Toolbar } from './components/Toolbar';
import { useApp } from './state/store';

/** The page: toolbar, the current view (map, issues, jobs, plugins), the node panel beside it, the status bar. */
export function App() {
  const view = useApp((s) => s.route.view);
  const node = useApp((s) => s.route.node);
  return (
    <div className="app" data-view={view}>
      <Toolbar />
      <main className="app-main" id="main">
        {/* The map stays mounted under the other views: its WebGL context and camera survive a view switch. */}
        <div className="view view-map" hidden={view !== 'map'}>
          <MapView />
        </div>
        {view === 'issues' && <IssuesView />}
        {view === 'jobs' && <JobsView />}
        {view === 'plugins' && <PluginsView />}
      </main>
      {node !== null && <NodePanel path={node} />}
      <StatusBar />
    </div>
  );
}

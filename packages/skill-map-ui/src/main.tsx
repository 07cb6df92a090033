import { createRoot } from 'react-dom/client';
import { App } from './App';
import { connectLive } from './live/live-connection';
import { bindMapPrefs } from './map/prefs-binding';
import { bindLive, loadMap } from './state/map-loader';
import { bindRoute } from './state/route';
import './styles/theme.css';
import './styles/app.css';

bindRoute();
bindMapPrefs();
bindLive(connectLive());
void loadMap();

const root = document.getElementById('root');
if (root !== null) createRoot(root).render(<App />);

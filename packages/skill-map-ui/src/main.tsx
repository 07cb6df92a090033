import { createRoot } from 'react-dom/client';
import { App } from './App';
import { bindKeyboard } from './keyboard';
import { connectLive } from './live/live-connection';
import { bindMapPrefs } from './map/prefs-binding';
import { bindLive, loadMap } from './state/map-loader';
import { bindRoute } from './state/route';
import { store } from './state/store';
import './styles/theme.css';
import './styles/app.css';

bindRoute();
bindMapPrefs();
bindKeyboard();
bindLive(connectLive());
void loadMap();

// For tests and the bench only: the page's store (merged with what other parts expose, e.g. `map`).
const hooks = window as unknown as { __skillMap?: Record<string, unknown> };
hooks.__skillMap = { ...hooks.__skillMap, store };

const root = document.getElementById('root');
if (root !== null) createRoot(root).render(<App />);

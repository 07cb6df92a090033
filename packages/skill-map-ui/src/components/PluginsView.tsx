import { useCallback, useEffect, useState } from 'react';
import { api, ApiError } from '../api/client';
import { store } from '../state/store';
import '../styles/views.css';

/** One plugin as `GET /api/plugins` lists it (plugins-registry.schema.json, DiscoveredPlugin). */
interface PluginItem {
  id: string;
  path: string | null;
  source: 'built-in' | 'project' | 'user';
  version: string | null;
  description?: string;
  status: string;
  statusReason: string | null;
  trusted: boolean;
  extensions: { id: string; kind: string; mode: string; enabled: boolean }[];
}

const say = (text: string, tone: 'info' | 'error' = 'info'): void => store.set({ toast: { text, tone } });
const why = (err: unknown): string => (err instanceof ApiError ? err.message : String(err));

/** The plugins: built-in and drop-in, their status and extensions; switch one on or off, trust a drop-in. */
export function PluginsView() {
  const [plugins, setPlugins] = useState<PluginItem[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const refresh = useCallback(() => {
    api
      .get<{ items: PluginItem[] }>('/api/plugins')
      .then((r) => {
        setPlugins(r.items);
        setError(null);
      })
      .catch((err: unknown) => setError(why(err)));
  }, []);
  useEffect(refresh, [refresh]);

  const change = async (p: PluginItem, path: string, body: object, done: string): Promise<void> => {
    setBusy(p.id);
    try {
      await api.patch(`/api/plugins/${encodeURIComponent(p.id)}${path}`, body);
      say(`${done}; rescan to apply it`);
    } catch (err) {
      say(`Could not change ${p.id}: ${why(err)}`, 'error');
    } finally {
      setBusy(null);
      refresh();
    }
  };

  return (
    <section className="view view-jobs view-plugins" aria-label="Plugins">
      <header className="view-head">
        <h2>Plugins</h2>
        <p className="view-summary">
          {plugins === null
            ? 'Loading…'
            : `${plugins.filter((p) => p.status === 'enabled').length} of ${plugins.length} enabled`}
        </p>
      </header>
      <div className="view-body">
        {error !== null && (
          <p className="error" role="alert">
            Could not load the plugins: {error}
          </p>
        )}
        <table className="jobs-table" aria-label="Plugins">
          <thead>
            <tr>
              <th scope="col">Plugin</th>
              <th scope="col">Source</th>
              <th scope="col">Status</th>
              <th scope="col">Extensions</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {(plugins ?? []).map((p) => (
              <tr key={`${p.source}/${p.id}`} data-plugin={p.id} data-status={p.status}>
                <td>
                  <code>{p.id}</code> {p.version ?? ''}
                  {p.description !== undefined && <div className="muted">{p.description}</div>}
                </td>
                <td>{p.source}</td>
                <td>
                  {p.status}
                  {p.statusReason !== null && <div className="muted">{p.statusReason}</div>}
                </td>
                <td>
                  {p.extensions.filter((e) => e.enabled).length} of {p.extensions.length} on
                </td>
                <td>
                  {p.source !== 'built-in' && !p.trusted && p.version !== null && (
                    <button
                      type="button"
                      className="small"
                      disabled={busy === p.id}
                      onClick={() =>
                        void change(p, '/trust', { trusted: true }, `Trusted ${p.id} ${p.version}`)
                      }
                    >
                      Trust
                    </button>
                  )}
                  {p.status === 'disabled' ? (
                    <button
                      type="button"
                      className="small"
                      disabled={busy === p.id}
                      onClick={() => void change(p, '', { enabled: true }, `Enabled ${p.id}`)}
                    >
                      Enable
                    </button>
                  ) : (
                    <button
                      type="button"
                      className="small"
                      disabled={busy === p.id}
                      onClick={() => void change(p, '', { enabled: false }, `Disabled ${p.id}`)}
                    >
                      Disable
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

import { useEffect } from 'react';
import { store, useApp } from '../../state/store';

const SHOW_MS = { info: 4000, error: 8000 } as const;

/** The page's toast (store.toast): a polite live region for info, an alert for errors; it fades by itself. */
export function Toast() {
  const toast = useApp((s) => s.toast);
  useEffect(() => {
    if (toast === null) return;
    const t = setTimeout(() => {
      if (store.get().toast === toast) store.set({ toast: null });
    }, SHOW_MS[toast.tone]);
    return () => clearTimeout(t);
  }, [toast]);
  return (
    <div className="toast-region" role={toast?.tone === 'error' ? 'alert' : 'status'} aria-live="polite">
      {toast !== null && (
        <div className={`toast toast-${toast.tone}`}>
          <span>{toast.text}</span>
          <button
            type="button"
            className="link-button"
            aria-label="Dismiss message"
            onClick={() => store.set({ toast: null })}
          >
            ×
          </button>
        </div>
      )}
    </div>
  );
}

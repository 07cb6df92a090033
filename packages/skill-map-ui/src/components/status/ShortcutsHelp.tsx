import { useEffect, useRef } from 'react';
import { trapTab } from '../trap-tab';
import { closeShortcutsHelp, SHORTCUTS, useShortcutsHelp } from '../../keyboard';

/** The "?" dialog: every keyboard shortcut of the page. Escape or Close shuts it; focus returns where it was. */
export function ShortcutsHelp() {
  const open = useShortcutsHelp();
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    close.current?.focus();
    return () => previous?.focus();
  }, [open]);
  if (!open) return null;
  return (
    <div className="views-modal-backdrop" onClick={closeShortcutsHelp}>
      <div
        role="dialog"
        aria-modal="true"
        aria-label="Keyboard shortcuts"
        className="views-modal"
        onClick={(e) => e.stopPropagation()}
        onKeyDown={(e) => {
          trapTab(e);
          if (e.key === 'Escape') {
            e.stopPropagation();
            closeShortcutsHelp();
          }
        }}
      >
        <h2>Keyboard shortcuts</h2>
        <table className="shortcuts-table">
          <tbody>
            {SHORTCUTS.map((s) => (
              <tr key={s.keys}>
                <th scope="row">
                  <kbd>{s.keys}</kbd>
                </th>
                <td>{s.what}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <div className="views-modal-actions">
          <button type="button" ref={close} onClick={closeShortcutsHelp}>
            Close
          </button>
        </div>
      </div>
    </div>
  );
}

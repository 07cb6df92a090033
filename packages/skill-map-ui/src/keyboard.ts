// Global shortcuts of the page. None fires while the person types in a field, nor while a modal dialog is open
// (the dialog owns its keys), nor with Ctrl/Meta/Alt held (the browser's shortcuts stay the browser's).
// Escape is the node panel's (it closes itself); it is listed here for the help dialog.
import { useSyncExternalStore } from 'react';
import { navigate } from './state/route';
import type { Route } from './state/store';

/** The shortcuts, as the help dialog lists them. */
export const SHORTCUTS: ReadonlyArray<{ keys: string; what: string }> = [
  { keys: 'g m  or  1', what: 'Show the map' },
  { keys: 'g i  or  2', what: 'Show the issues' },
  { keys: 'g j  or  3', what: 'Show the jobs' },
  { keys: 'g p  or  4', what: 'Show the plugins' },
  { keys: '/', what: 'Search nodes' },
  { keys: 'Escape', what: 'Close the node panel (or the open dialog)' },
  { keys: '?', what: 'Show these shortcuts' },
];

const VIEW_KEYS: Record<string, Route['view']> = {
  m: 'map',
  i: 'issues',
  j: 'jobs',
  p: 'plugins',
  1: 'map',
  2: 'issues',
  3: 'jobs',
  4: 'plugins',
};
const CHORD_MS = 1200;

let helpOpen = false;
const helpListeners = new Set<() => void>();
function setHelp(open: boolean): void {
  helpOpen = open;
  for (const fn of helpListeners) fn();
}
export const openShortcutsHelp = (): void => setHelp(true);
export const closeShortcutsHelp = (): void => setHelp(false);
/** Whether the shortcuts dialog is open (for the component that draws it). */
export function useShortcutsHelp(): boolean {
  return useSyncExternalStore(
    (fn) => (helpListeners.add(fn), () => void helpListeners.delete(fn)),
    () => helpOpen,
  );
}

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag !== 'INPUT') return false;
  const type = (target as HTMLInputElement).type;
  return !['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color'].includes(type);
}

const modalOpen = (): boolean => document.querySelector('[role="dialog"][aria-modal="true"]') !== null;

/** Installs the shortcuts on `window`; returns the uninstaller. */
export function bindKeyboard(): () => void {
  let chordAt = 0;
  const onKey = (e: KeyboardEvent): void => {
    if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
    if (isTyping(e.target) || modalOpen()) return;
    const key = e.key;
    const chord = chordAt !== 0 && e.timeStamp - chordAt < CHORD_MS;
    chordAt = 0;
    if (key === 'g') {
      chordAt = e.timeStamp;
      return;
    }
    const view = VIEW_KEYS[key];
    if (view !== undefined && (chord || /^[123]$/.test(key))) {
      e.preventDefault();
      navigate({ view });
    } else if (key === '/') {
      const search = document.querySelector<HTMLInputElement>('input[aria-label="Search nodes"]');
      if (search === null) return;
      e.preventDefault();
      search.focus();
      search.select();
    } else if (key === '?') {
      e.preventDefault();
      openShortcutsHelp();
    }
  };
  window.addEventListener('keydown', onKey);
  return () => window.removeEventListener('keydown', onKey);
}

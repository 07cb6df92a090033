import { MAX_HOPS, type FocusView } from '../state/focus-view';
import { navigate } from '../state/route';
import { useApp } from '../state/store';

const name = (path: string): string =>
  path
    .replace(/\/SKILL\.md$/i, '')
    .split('/')
    .pop() ?? path;

/** Starts a focus view (a new history entry: Back returns to the view before it). */
export const showFocus = (focus: FocusView | null): void => navigate({ view: 'map', focus });

/** What the map is focused on, with the hops control of a neighbourhood and "Show all" (the whole map again). */
export function FocusBar({ shown }: { shown: number }) {
  const focus = useApp((s) => s.route.focus);
  if (focus === null) return null;
  const title =
    focus.mode === 'hood'
      ? `Neighbourhood of ${name(focus.of)}`
      : focus.mode === 'reach'
        ? `Everything ${name(focus.of)} reaches`
        : `Path from ${name(focus.from)} to ${name(focus.to)}`;
  return (
    <div className="map-focus-bar" role="region" aria-label="Focus view" data-mode={focus.mode}>
      <span className="focus-title">{title}</span>
      {focus.mode === 'hood' && (
        <span className="focus-hops" role="group" aria-label="Hops">
          <button
            type="button"
            aria-label="Fewer hops"
            disabled={focus.hops <= 1}
            onClick={() => showFocus({ ...focus, hops: focus.hops - 1 })}
          >
            −
          </button>
          <span aria-live="polite">
            {focus.hops} hop{focus.hops === 1 ? '' : 's'}
          </span>
          <button
            type="button"
            aria-label="More hops"
            disabled={focus.hops >= MAX_HOPS}
            onClick={() => showFocus({ ...focus, hops: focus.hops + 1 })}
          >
            +
          </button>
        </span>
      )}
      <span className="focus-count">
        {shown} node{shown === 1 ? '' : 's'}
      </span>
      <button type="button" onClick={() => showFocus(null)}>
        Show all
      </button>
    </div>
  );
}

/** The node panel's focus gestures: its neighbourhood, what it reaches. */
export function FocusButtons({ path }: { path: string }) {
  return (
    <p className="panel-focus" role="group" aria-label="Focus the map">
      <button type="button" onClick={() => showFocus({ mode: 'hood', of: path, hops: 1 })}>
        Neighbourhood
      </button>
      <button type="button" onClick={() => showFocus({ mode: 'reach', of: path })}>
        Reach
      </button>
      <span className="panel-focus-hint">Shift+click another node: the path to it</span>
    </p>
  );
}

import { store, useApp } from '../../state/store';

/** The map's live activity overlay on or off (rings on nodes that ran, spawn edges); says how many ran. */
export function ActivityToggle() {
  const shown = useApp((s) => s.activityShown);
  const ran = useApp((s) => s.activity.nodes.size);
  return (
    <button
      type="button"
      className="activity-toggle"
      aria-pressed={shown}
      title="Show on the map what the agents ran since the server started, and the spawn edges"
      onClick={() => store.set({ activityShown: !shown })}
    >
      Activity{ran > 0 && <span className="activity-count"> {ran}</span>}
    </button>
  );
}

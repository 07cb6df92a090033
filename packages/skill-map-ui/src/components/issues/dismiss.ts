import { api, ApiError, pathB64 } from '../../api/client';
import type { Issue } from '../../api/types';
import { loadMap } from '../../state/map-loader';
import { store } from '../../state/store';
import { askConsent } from './consent-stub';
import { dismissValue } from './issue-model';

/**
 * Dismisses `issue` on `node` (its analyzer's `data.target` suppression, written to the node's `.sm` sidecar).
 * A first refusal `confirm-required` asks the person; "Allow once" retries with `confirm`, "Always allow" with
 * `always` (which the server persists). Resolves true when dismissed (the map is reloaded), false when declined.
 * Other refusals are said in the toast.
 */
export async function dismissIssue(node: string, issue: Issue): Promise<boolean> {
  const value = dismissValue(issue);
  if (value === null) return false;
  const url = `/api/nodes/${pathB64(node)}/issues/dismiss`;
  const body = { analyzer: issue.analyzerId, value };
  try {
    try {
      await api.post(url, body);
    } catch (err) {
      if (!(err instanceof ApiError) || err.code !== 'confirm-required') throw err;
      const answer = await askConsent(
        `Dismissing "${issue.analyzerId}" for ${value} writes ${node}'s .sm sidecar. Allow it?`,
      );
      if (answer === null) return false;
      await api.post(url, { ...body, ...(answer === 'always' ? { always: true } : { confirm: true }) });
    }
  } catch (err) {
    store.set({ toast: { text: `Could not dismiss: ${errorText(err)}`, tone: 'error' } });
    return false;
  }
  store.set({ toast: { text: `Dismissed ${issue.analyzerId} on ${node}`, tone: 'info' } });
  await loadMap();
  return true;
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

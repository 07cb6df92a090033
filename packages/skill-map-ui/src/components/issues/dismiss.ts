import { api, pathB64 } from '../../api/client';
import type { Issue } from '../../api/types';
import { loadMap } from '../../state/map-loader';
import { store } from '../../state/store';
import { withConsent } from '../ConsentDialog';
import { dismissValue } from './issue-model';

/**
 * Dismisses `issue` on `node` (its analyzer's `data.target` suppression, written to the node's `.sm` sidecar),
 * through the page's consent dialog when the server asks for it. Resolves true when dismissed (the map is
 * reloaded), false when declined; other refusals are said in the toast.
 */
export async function dismissIssue(node: string, issue: Issue): Promise<boolean> {
  const value = dismissValue(issue);
  if (value === null) return false;
  const question =
    `Dismissing the ${issue.analyzerId} issue for "${value}" writes a suppression into the .sm sidecar ` +
    `of ${node}. Allow skill-map to write the sidecar?`;
  try {
    const result = await withConsent(question, (consent) =>
      api.post(`/api/nodes/${pathB64(node)}/issues/dismiss`, {
        analyzer: issue.analyzerId,
        value,
        ...consent,
      }),
    );
    if (!result.done) {
      store.set({ toast: { text: 'Dismiss cancelled: nothing was written.', tone: 'info' } });
      return false;
    }
  } catch (err) {
    store.set({
      toast: {
        text: `Could not dismiss: ${err instanceof Error ? err.message : String(err)}`,
        tone: 'error',
      },
    });
    return false;
  }
  store.set({ toast: { text: `Dismissed ${issue.analyzerId} for ${value} on ${node}.`, tone: 'info' } });
  await loadMap();
  return true;
}

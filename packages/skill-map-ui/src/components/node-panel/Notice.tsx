import { useCallback, useRef, useState } from 'react';
import { ApiError } from '../../api/client';

export interface NoticeState {
  text: string;
  tone: 'info' | 'error';
}

/** The outcome line of a section's actions (a polite live region, so a screen reader hears it). */
export function Notice({ notice }: { notice: NoticeState | null }) {
  return (
    <p className={`panel-notice${notice?.tone === 'error' ? ' panel-notice-error' : ''}`} role="status">
      {notice?.text ?? ''}
    </p>
  );
}

/** What a failed request means to the person: the server's message, prefixed for the codes worth naming. */
export function describeError(err: unknown): string {
  if (!(err instanceof ApiError)) return err instanceof Error ? err.message : String(err);
  if (err.code === 'unreachable') return 'The server did not answer; nothing was changed.';
  return err.message;
}

/**
 * A notice and a runner that turns any thrown error into an error notice instead of a crash. One action runs at a
 * time (a second click while one is pending is ignored); buttons are not disabled meanwhile, so the focus a
 * consent dialog returns to is still there.
 */
export function useNotice(): {
  notice: NoticeState | null;
  say: (text: string, tone?: 'info' | 'error') => void;
  run: (action: () => Promise<void>) => Promise<void>;
} {
  const [notice, setNotice] = useState<NoticeState | null>(null);
  const say = useCallback((text: string, tone: 'info' | 'error' = 'info') => setNotice({ text, tone }), []);
  const running = useRef(false);
  const run = useCallback(
    async (action: () => Promise<void>) => {
      if (running.current) return;
      running.current = true;
      try {
        await action();
      } catch (err) {
        say(describeError(err), 'error');
      } finally {
        running.current = false;
      }
    },
    [say],
  );
  return { notice, say, run };
}

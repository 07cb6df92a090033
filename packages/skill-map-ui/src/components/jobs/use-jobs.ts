import { useCallback, useEffect, useRef, useState } from 'react';
import { api, ApiError } from '../../api/client';
import type { PublicJob } from '../../api/types';
import { onLiveEvent } from '../../state/map-loader';
import { useApp } from '../../state/store';

const DEBOUNCE_MS = 150;

interface JobsState {
  jobs: PublicJob[] | null;
  error: string | null;
  refresh: () => void;
}

/** `GET /api/jobs`, refetched (debounced) on every `job.*` event and after a reconnect. */
export function useJobs(): JobsState {
  const [jobs, setJobs] = useState<PublicJob[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const seq = useRef(0);
  const connection = useApp((s) => s.connection);

  const load = useCallback(async (): Promise<void> => {
    const mine = ++seq.current;
    try {
      const res = await api.get<{ items: PublicJob[] }>('/api/jobs');
      if (mine !== seq.current) return; // a newer fetch answers for the current state
      setJobs(res.items);
      setError(null);
    } catch (err) {
      if (mine !== seq.current) return;
      setError(err instanceof ApiError ? err.message : String(err));
    }
  }, []);

  const refresh = useCallback((): void => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      void load();
    }, DEBOUNCE_MS);
  }, [load]);

  useEffect(() => {
    void load();
    const off = onLiveEvent((e) => {
      if (e.type.startsWith('job.')) refresh();
    });
    return () => {
      off();
      if (timer.current !== null) clearTimeout(timer.current);
    };
  }, [load, refresh]);

  useEffect(() => {
    if (connection === 'open') refresh();
  }, [connection, refresh]);

  return { jobs, error, refresh };
}

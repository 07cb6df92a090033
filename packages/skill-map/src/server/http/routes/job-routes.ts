import type { Hono } from 'hono';
import type { AppContext, AppEnv } from '../app-context.js';

/** Job queue and extension routes (spec §12.4). */
export function registerJobRoutes(_app: Hono<AppEnv>, _ctx: AppContext): void {
  // Filled by the jobs work.
}

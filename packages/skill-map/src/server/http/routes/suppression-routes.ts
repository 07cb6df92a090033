import type { Hono } from 'hono';
import type { AppContext, AppEnv } from '../app-context.js';

/** Issue-suppression routes (spec §12.4). */
export function registerSuppressionRoutes(_app: Hono<AppEnv>, _ctx: AppContext): void {
  // Filled by the suppressions work.
}

import type { Hono } from 'hono';
import type { AppContext, AppEnv } from '../app-context.js';

/** Findings lifecycle routes (spec §12.4). */
export function registerFindingsRoutes(_app: Hono<AppEnv>, _ctx: AppContext): void {
  // Filled by the findings work.
}

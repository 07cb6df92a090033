// The CLI process's own hook events, as the reference has them: `boot` ({ argv }) before a verb runs and `shutdown`
// ({ exitCode }) once its exit code is known. Only a project with drop-in plugins pays for them (main.ts looks for a
// non-empty plugin folder first): the trusted, enabled plugins are loaded as any verb loads them, and the hooks that
// subscribe to either event are kept. A hook that fails is one warning line on stderr; it never stops the verb nor
// changes its exit code.
import { loadConfig } from '../adapters/index.js';
import { hookWarnings, hooksOf, loadPlugins } from '../engines/index.js';
import type { Hook, HookTrigger } from '../kernel/index.js';
import type { CliIo, Output } from './io.js';

/** The hooks of the process's lifecycle, and how to tell them. */
export interface Lifecycle {
  tell(trigger: 'boot' | 'shutdown', payload: Record<string, unknown>, output: Output): void;
}

const LIFECYCLE: readonly HookTrigger[] = ['boot', 'shutdown'];

/** The project's boot/shutdown hooks (null: none), or null when the plugins cannot be loaded (the verb says why). */
export async function lifecycleHooks(
  projectRoot: string,
  io: CliIo,
  builtIns: boolean,
): Promise<Lifecycle | null> {
  let hooks: Hook[];
  try {
    const config = loadConfig({ projectRoot }).merged;
    const { registry } = await loadPlugins({
      projectRoot,
      config,
      env: io.env,
      builtIns,
      probabilistic: false,
    });
    hooks = hooksOf(registry).filter((h) => h.triggers.some((t) => LIFECYCLE.includes(t)));
  } catch {
    return null;
  }
  if (hooks.length === 0) return null;
  return {
    tell(trigger, payload, output) {
      for (const line of hookWarnings(hooks, trigger, payload)) output.warn(`sm: ${line}`);
    },
  };
}

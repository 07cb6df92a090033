// A drop-in plugin's deterministic action export checked into a registry entry whose `run` calls into the plugin's
// worker (the engine then checks the answer and applies it through the sidecar chokepoint, or refuses it).
import type { ActionOutcome, ActionParam, DeterministicAction } from '../../kernel/index.js';
import { PluginLoadError } from './plugin-errors.js';
import { isRecord, text } from './export-values.js';

/** One `params` entry of an action export, checked. */
function paramOf(id: string, name: string, value: unknown): ActionParam {
  const where = `action '${id}' param '${name}'`;
  if (!isRecord(value) || (value['type'] !== 'string' && value['type'] !== 'string-list'))
    throw new PluginLoadError(`${where}: type must be 'string' or 'string-list'`);
  const values = value['enum'];
  if (
    values !== undefined &&
    (!Array.isArray(values) || values.length === 0 || values.some((v) => typeof v !== 'string'))
  )
    throw new PluginLoadError(`${where}: enum must be a non-empty list of strings`);
  return {
    type: value['type'],
    ...(value['required'] === true ? { required: true } : {}),
    ...(values === undefined ? {} : { enum: values as string[] }),
    description: text(value['description']) ?? name,
  };
}

/**
 * A deterministic action export: `run(args)` in the worker, `params` and `writes: ['sidecar']` checked. The
 * reference's form, `invoke(ctx)` answering `{ report }` (and, if it edits the sidecar, a `patch`), is taken too.
 */
export function actionOf(
  ext: Readonly<Record<string, unknown>>,
  id: string,
  method: 'run' | 'invoke' | null,
  invoke: (method: string, args: readonly unknown[]) => unknown,
): DeterministicAction {
  if (method === null)
    throw new PluginLoadError(`action '${id}' has no run({ node, sidecar, input, now, by }) nor invoke(ctx)`);
  const writes = ext['writes'] ?? ['sidecar'];
  if (!Array.isArray(writes) || writes.length !== 1 || writes[0] !== 'sidecar')
    throw new PluginLoadError(
      `action '${id}': writes must be ['sidecar'] (a deterministic action writes only the sidecar)`,
    );
  const raw = ext['params'] ?? {};
  if (!isRecord(raw)) throw new PluginLoadError(`action '${id}': params must be an object`);
  const params = Object.fromEntries(Object.entries(raw).map(([name, v]) => [name, paramOf(id, name, v)]));
  const pre = ext['precondition'];
  const kinds =
    isRecord(pre) && Array.isArray(pre['kind']) ? pre['kind'].filter((k) => typeof k === 'string') : null;
  return {
    id,
    writes: ['sidecar'],
    params,
    ...(kinds === null ? {} : { precondition: { kind: kinds } }),
    // The engine checks the answer (patch keys, report shape) and refuses the write on any fault.
    run:
      method === 'run'
        ? (args) => invoke('run', [args]) as ActionOutcome
        : (args) => {
            const out = invoke('invoke', [args]) as Partial<ActionOutcome> | null;
            if (out === null || typeof out !== 'object') return out as unknown as ActionOutcome;
            return { ...out, patch: out.patch ?? {}, report: out.report ?? {} };
          },
  };
}

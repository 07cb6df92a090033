// A plugin provider's `kinds`: a list, or the reference's map of kind → `{ ui, … }` whose `ui` (label, colours, emoji,
// icon) the web page draws through REST `kindRegistry`. Checked here; a bad `ui` is the plugin's load error.
import type { KindUi } from '@skill-map/spec';
import { PluginLoadError } from './plugin-errors.js';
import { isRecord, text, type Exported } from './export-values.js';

const HEX = /^#[0-9a-fA-F]{6}$/;

/** A kind's `ui` block as the reference's provider manifest has it (label and colours; emoji and icon optional). */
function kindUi(id: string, kind: string, value: unknown): KindUi {
  const where = `provider '${id}': kinds.${kind}`;
  if (!isRecord(value)) throw new PluginLoadError(`${where}: must have required property 'ui'`);
  const { label, color, colorDark, emoji, icon } = value;
  if (text(label) === undefined) throw new PluginLoadError(`${where}.ui.label must be a non-empty string`);
  if (typeof color !== 'string' || !HEX.test(color))
    throw new PluginLoadError(`${where}.ui.color must be a #rrggbb colour`);
  if (colorDark !== undefined && (typeof colorDark !== 'string' || !HEX.test(colorDark)))
    throw new PluginLoadError(`${where}.ui.colorDark must be a #rrggbb colour`);
  if (emoji !== undefined && (typeof emoji !== 'string' || emoji.length === 0 || emoji.length > 8))
    throw new PluginLoadError(`${where}.ui.emoji must be 1 to 8 characters`);
  const okIcon =
    icon === undefined ||
    (isRecord(icon) &&
      ((icon['kind'] === 'pi' &&
        typeof icon['id'] === 'string' &&
        /^pi-[a-z0-9]+(-[a-z0-9]+)*$/.test(icon['id'])) ||
        (icon['kind'] === 'svg' && text(icon['path']) !== undefined)));
  if (!okIcon)
    throw new PluginLoadError(`${where}.ui.icon must be { kind: 'pi', id } or { kind: 'svg', path }`);
  return {
    label: label as string,
    color,
    ...(colorDark === undefined ? {} : { colorDark: colorDark }),
    ...(emoji === undefined ? {} : { emoji: emoji }),
    ...(icon === undefined ? {} : { icon: { ...(icon as object) } as KindUi['icon'] }),
  };
}

/** `kinds`: a list of kinds, or the reference's map of kind → `{ ui, … }` (its `ui` drawn by the web page). */
export function providerKinds(ext: Exported, id: string): { kinds: unknown[]; ui: Record<string, KindUi> } {
  const raw = ext['kinds'];
  if (Array.isArray(raw)) return { kinds: raw as unknown[], ui: {} };
  if (!isRecord(raw)) return { kinds: [], ui: {} };
  const ui: Record<string, KindUi> = {};
  for (const [kind, entry] of Object.entries(raw))
    ui[kind] = kindUi(id, kind, isRecord(entry) ? entry['ui'] : undefined);
  return { kinds: Object.keys(raw), ui };
}

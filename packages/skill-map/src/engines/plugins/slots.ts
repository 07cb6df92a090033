// The closed catalogs a plugin author picks from: where a view contribution shows (slot; the view-slot catalog, then
// the two deprecated plugin.json slots), how a plugin.json contribution's data is drawn (render) and, for settings
// forms, the input types (none yet). `sm plugins slots list` prints them.
import { PluginsRegistrySchema, ViewSlotsSchema } from '@skill-map/spec';

/** One entry of a catalog: its id and what it is for. */
export interface CatalogEntry {
  id: string;
  description: string;
}

/** The document `sm plugins slots list --json` prints (view-slots.schema.json, input-types.schema.json). */
export interface SlotCatalog {
  kind: 'plugins.slots';
  slots: CatalogEntry[];
  renders: CatalogEntry[];
  inputTypes: CatalogEntry[];
}

const SLOT_TEXT: Record<string, string> = {
  'inspector-panel':
    'deprecated (plugin.json contributions): a panel of the node inspector; use an inspector.body.panel.* slot',
  'node-badge':
    'deprecated (plugin.json contributions): a badge in the inspector header; use inspector.header.badge',
};

const RENDER_TEXT: Record<string, string> = {
  text: 'one paragraph of plain text',
  'key-value': 'a table of labelled values',
  list: 'a bulleted list of plain-text items',
};

function enumOf(property: 'slot' | 'render'): string[] {
  const defs = PluginsRegistrySchema.$defs as unknown as Record<
    string,
    { properties: Record<string, { enum?: string[] }> }
  >;
  return [...(defs['ViewContribution']?.properties[property]?.enum ?? [])];
}

/** The catalogs, read from the ViewContribution schema so they cannot drift from what the loader accepts. */
export function slotCatalog(): SlotCatalog {
  return {
    kind: 'plugins.slots',
    // The catalog an extension's `ui` map picks from, then the two deprecated plugin.json slots.
    slots: [
      ...ViewSlotsSchema.$defs.SlotName.oneOf.map((s) => ({ id: s.const, description: s.description })),
      ...enumOf('slot').map((id) => ({ id, description: SLOT_TEXT[id] ?? id })),
    ],
    renders: enumOf('render').map((id) => ({ id, description: RENDER_TEXT[id] ?? id })),
    inputTypes: [],
  };
}

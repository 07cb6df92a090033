// The closed catalogs a plugin author picks from: where a view contribution shows (slot), how its per-node data is
// drawn (render) and, for settings forms, the input types (none yet). `sm plugins slots list` prints them.
import { PluginsRegistrySchema } from '@skill-map/spec';

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
  'inspector-panel': 'a panel of the node inspector on the web page, under the node details',
  'node-badge': "a short badge in the node inspector's header",
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
    slots: enumOf('slot').map((id) => ({ id, description: SLOT_TEXT[id] ?? id })),
    renders: enumOf('render').map((id) => ({ id, description: RENDER_TEXT[id] ?? id })),
    inputTypes: [],
  };
}

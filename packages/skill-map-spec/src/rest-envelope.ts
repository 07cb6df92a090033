/** How the web page draws nodes of one kind (a provider declares it per kind). */
export interface KindUi {
  /** Plural label for a group of nodes of this kind (`Skills`). */
  label: string;
  /** `#rrggbb`, light theme. */
  color: string;
  /** `#rrggbb`, dark theme; `color` when absent. */
  colorDark?: string;
  emoji?: string;
  icon?: { kind: 'pi'; id: string } | { kind: 'svg'; path: string };
}

/** One kind of `kindRegistry`: its visuals and the provider that declared it. */
export interface KindRegistryEntry extends KindUi {
  providerId: string;
}

/** One provider of `providerRegistry`, keyed by the id its nodes carry. */
export interface ProviderRegistryEntry {
  pluginId: string;
  qualifiedId: string;
  version: string;
  kinds: string[];
  stability: 'stable' | 'beta' | 'experimental' | 'locked';
  description?: string;
}

/** The view-slot catalog (view-slots.schema.json `$defs/SlotName`): where an extension's `ui` contribution shows. */
export const VIEW_SLOT_NAMES = [
  'card.title.right',
  'card.subtitle.left',
  'card.footer.left',
  'card.footer.right',
  'graph.node.alert',
  'inspector.header.badge',
  'inspector.action.button',
  'inspector.surface.version',
  'inspector.surface.stability',
  'inspector.surface.tags',
  'inspector.surface.summary',
  'inspector.surface.auto-tag',
  'inspector.body.panel.breakdown',
  'inspector.body.panel.records',
  'inspector.body.panel.tree',
  'inspector.body.panel.key-values',
  'inspector.body.panel.link-list',
  'inspector.body.panel.markdown',
  'topbar.nav.start',
] as const;
/** A slot of the view-slot catalog. */
export type ViewSlotName = (typeof VIEW_SLOT_NAMES)[number];

/** One entry of an extension's `ui` map (view-slots.schema.json `$defs/UiContribution`). */
export interface UiContribution {
  slot: ViewSlotName;
  label?: string;
  tooltip?: string;
  icon?: string;
  emptyText?: string;
  emitWhenEmpty?: boolean;
  priority?: number;
}

/** The two slots of plugin.json `contributions` (deprecated: declare a `ui` map on the extension instead). */
export type ContributionSlot = 'inspector-panel' | 'node-badge';
/** How a plugin.json contribution's data is drawn (always as text). */
export type ContributionRender = 'text' | 'key-value' | 'list';

/** One view contribution of `contributionsRegistry`, keyed by `<plugin>/<contribution>`. */
export interface ContributionRegistryEntry {
  pluginId: string;
  slot: ContributionSlot | ViewSlotName;
  /** The `ui` entry's label (else its key), or the plugin.json contribution's title. */
  title: string;
  /** Only for the deprecated plugin.json slots. */
  render?: ContributionRender;
  /** The qualified extension whose `ui` map declares it. */
  extension?: string;
  icon?: string;
  tooltip?: string;
  emptyText?: string;
  priority?: number;
  /** Node kinds it applies to; all when absent. */
  kinds?: string[];
  description?: string;
}

/** A view contribution as a plugin's manifest declares it (`contributions[]` of plugin.json). */
export interface ViewContribution {
  /** Bare id, unique in the plugin. */
  id: string;
  slot: ContributionSlot;
  title: string;
  render: ContributionRender;
  kinds?: string[];
  description?: string;
}

/** Registries carried by payload-bearing REST envelopes (list, single and the `config` value envelope). */
export interface EnvelopeRegistries {
  kindRegistry: Record<string, KindRegistryEntry>;
  providerRegistry: Record<string, ProviderRegistryEntry>;
  contributionsRegistry: Record<string, ContributionRegistryEntry>;
}

/** A REST list response. */
export interface ListEnvelope<T> extends EnvelopeRegistries {
  schemaVersion: '1';
  kind: string;
  items: T[];
  counts: { total: number; returned?: number; [key: string]: number | undefined };
  filters?: Record<string, unknown>;
}

/** A REST single-item response. */
export interface SingleEnvelope<T> extends EnvelopeRegistries {
  schemaVersion: '1';
  kind: string;
  item: T;
}

/** A REST scalar/value response. */
export interface ValueEnvelope<T> extends Partial<EnvelopeRegistries> {
  schemaVersion: '1';
  kind: string;
  value: T;
}

/** A REST error response. */
export interface ErrorEnvelope {
  ok: false;
  error: { code: string; message: string; details: Record<string, unknown> | null };
}

/** Any REST envelope. */
export type RestEnvelope<T = unknown> =
  ListEnvelope<T> | SingleEnvelope<T> | ValueEnvelope<T> | ErrorEnvelope;

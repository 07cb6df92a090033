import type { ExtensionKind, ExtensionMode, PluginSource } from '../../kernel/index.js';
import type { PluginManifest } from '../../adapters/plugins/discover.js';

/** A plugin's state after loading (the reference's statuses, plus `untrusted` and `id-collision`). */
export type PluginStatus =
  | 'enabled'
  | 'disabled'
  | 'untrusted'
  | 'incompatible-spec'
  | 'invalid-manifest'
  | 'load-error'
  | 'id-collision';

/** One extension of a plugin as `sm plugins show` lists it. */
export interface PluginExtensionState {
  id: string;
  kind: ExtensionKind;
  mode: ExtensionMode;
  version: string;
  description: string;
  enabled: boolean;
}

/** A folder-layout extension switched off before import (its extension.json, or the operator). */
export interface UnloadedExtension {
  id: string;
  kind: ExtensionKind;
  stability: 'experimental' | 'beta' | 'stable' | 'deprecated';
  reason: 'extension-disabled';
}

/** One plugin (`DiscoveredPlugin` of plugins-registry.schema.json). */
export interface PluginState {
  id: string;
  path: string | null;
  source: PluginSource;
  version: string | null;
  description?: string;
  manifest?: PluginManifest;
  status: PluginStatus;
  statusReason: string | null;
  trusted: boolean;
  extensions: PluginExtensionState[];
  /** Why each left-out view contribution of its manifest is invalid (absent when none is). */
  contributionErrors?: string[];
  /** Folder layout: its extensions that were not imported, and why (absent for a listed `extensions`). */
  unloadedExtensions?: UnloadedExtension[];
}

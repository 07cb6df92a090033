import type { Annotations } from '@skill-map/spec';
import type { StateSession } from '../../adapters/sqlite/state-session.js';

/** What a caller brings to the consent gate (spec §8): MCP/REST body flags, `--yes` on the CLI. */
export interface Consent {
  /** One-shot consent for this write; persists nothing. */
  readonly confirm?: boolean;
  /** Consent that also persists `allowEditSmFiles: true` to `.skill-map/settings.local.json` (implies confirm). */
  readonly always?: boolean;
}

/** The result of one curation write. */
export interface CurationResult {
  /** The node's annotations after the write (the mirror now holds the same). */
  readonly annotations: Annotations;
  /** False when the change was a no-op (nothing written to disk; the mirror was still refreshed). */
  readonly changed: boolean;
}

/**
 * The ONE chokepoint for `.sm` writes (engines/sidecars implements it): consent gate first (team policy hard
 * block, standing grant, always, confirm, else refusal naming the key), then per-path lock, read, deep merge with
 * prototype keys dropped, schema validation, sorted-key YAML, atomic write, identity seeded from the scanned node
 * when no sidecar exists, and the `annotations_json` mirror refreshed through `session.nodes`.
 */
export interface SidecarCurator {
  /**
   * Applies `change` to the node's annotations. `change` gets a deep copy of the current annotations (empty
   * object when none) and returns the new block, or null for "no change". Consent is checked BEFORE anything
   * is read or written; throws EngineError `consent-required` / `sidecar-writers-forbidden` / `not-found`
   * (node unknown) / `sidecar-invalid`.
   */
  updateAnnotations(
    session: StateSession,
    nodePath: string,
    consent: Consent,
    change: (current: Annotations) => Annotations | null,
  ): Promise<CurationResult>;
  /** The live sidecar's annotations (null when the node has no parseable sidecar); used to self-heal the mirror. */
  readAnnotations(nodePath: string): Annotations | null;
  /** Throws the consent refusal for a would-be write without touching anything (pre-checks of multi-step ops). */
  assertConsent(consent: Consent): void;
}

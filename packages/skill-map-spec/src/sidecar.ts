/** A deterministic issue suppression in `annotations.issueSuppressions`. */
export interface IssueSuppression {
  /** Analyzer id, stored verbatim (qualified or short). */
  analyzer: string;
  /** Exact, case-sensitive `issue.data.target`. */
  value: string;
  note?: string;
}

/** A findings class suppression in `annotations.suppressions`. */
export interface FindingSuppression {
  extension: string;
  type?: string;
  note?: string;
}

/** Sidecar stability annotation values. */
export type Stability = 'experimental' | 'stable' | 'deprecated';

/** The `annotations:` block of a sidecar; mirrors `annotations.schema.json` (open for plugin keys). */
export interface Annotations {
  version?: number;
  stability?: Stability;
  authors?: string[];
  license?: string;
  source?: string;
  sourceVersion?: string;
  tags?: string[];
  docsUrl?: string;
  suppressions?: FindingSuppression[];
  issueSuppressions?: IssueSuppression[];
  [pluginKey: string]: unknown;
}

/** The `identity:` block of a sidecar. */
export interface SidecarIdentity {
  path: string;
  bodyHash: string;
  frontmatterHash: string;
  resolvedAs?: string;
}

/** The `audit:` block of a sidecar. */
export interface SidecarAudit {
  createdAt?: string;
  createdBy?: string;
  lastBumpedAt?: string;
  lastBumpedBy?: string;
}

/** A whole `.sm` sidecar document; mirrors `sidecar.schema.json`. */
export interface Sidecar {
  identity?: SidecarIdentity;
  annotations?: Annotations;
  settings?: Record<string, unknown>;
  audit?: SidecarAudit;
  [pluginNamespace: string]: unknown;
}

/** Annotation keys the catalog knows (others must be plugin-namespaced). */
export const ANNOTATION_KEYS = [
  'version',
  'stability',
  'authors',
  'license',
  'source',
  'sourceVersion',
  'tags',
  'docsUrl',
  'suppressions',
  'issueSuppressions',
] as const;

/** Root blocks of a sidecar the spec defines. */
export const SIDECAR_ROOT_KEYS = ['identity', 'annotations', 'settings', 'audit'] as const;

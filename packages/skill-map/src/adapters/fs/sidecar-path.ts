import { sidecarPathFor } from '../../kernel/index.js';

/** Extension of skill-map sidecar files. */
export const SIDECAR_EXTENSION = '.sm';

/** True when the (POSIX) path names a `.sm` sidecar. */
export function isSidecarPath(path: string): boolean {
  const base = path.slice(path.lastIndexOf('/') + 1);
  return base.length > SIDECAR_EXTENSION.length && base.endsWith(SIDECAR_EXTENSION);
}

/**
 * The sidecar of a node file: `foo.md` → `foo.sm`; any other file gets `.sm` appended (`a.toml` →
 * `a.toml.sm`). Delegates to the kernel so reading and writing agree on the mapping.
 */
export function toSidecarPath(nodePath: string): string {
  return sidecarPathFor(nodePath);
}

/**
 * The node files a sidecar may belong to, in lookup order, following the kernel's rule first: a stem that
 * still has an extension is the node itself (`a.toml.sm` → `a.toml`), otherwise `.md` is restored
 * (`foo.sm` → `foo.md`). The other reading comes second; the caller picks the first one that exists.
 */
export function fromSidecarPath(sidecarPath: string): string[] {
  if (!isSidecarPath(sidecarPath)) return [];
  const stem = sidecarPath.slice(0, -SIDECAR_EXTENSION.length);
  const base = stem.slice(stem.lastIndexOf('/') + 1);
  return base.includes('.') ? [stem, `${stem}.md`] : [`${stem}.md`, stem];
}

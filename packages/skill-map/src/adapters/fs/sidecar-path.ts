/** Extension of skill-map sidecar files. */
export const SIDECAR_EXTENSION = '.sm';

/** True when the (POSIX) path names a `.sm` sidecar. */
export function isSidecarPath(path: string): boolean {
  return path.endsWith(SIDECAR_EXTENSION) && !path.endsWith(`/${SIDECAR_EXTENSION}`) && path !== SIDECAR_EXTENSION;
}

/** The sidecar of a node file: `foo.md` → `foo.sm`; any other file gets `.sm` appended (`a.toml` → `a.toml.sm`). */
export function toSidecarPath(nodePath: string): string {
  if (nodePath.endsWith('.md')) return `${nodePath.slice(0, -3)}${SIDECAR_EXTENSION}`;
  return `${nodePath}${SIDECAR_EXTENSION}`;
}

/**
 * The node files a sidecar may belong to, in lookup order: `foo.sm` → [`foo.md`, `foo`], `a.toml.sm` →
 * [`a.toml.md`, `a.toml`]. The caller picks the first one that exists (the `.md` reading wins a tie).
 */
export function fromSidecarPath(sidecarPath: string): string[] {
  if (!isSidecarPath(sidecarPath)) return [];
  const stem = sidecarPath.slice(0, -SIDECAR_EXTENSION.length);
  return [`${stem}.md`, stem];
}

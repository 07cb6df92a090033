// Editor URIs to project-relative POSIX paths and back: the graph speaks paths, the protocol speaks `file:` URIs.
import { isAbsolute, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** Converts between `file:` URIs and paths relative to one project root. */
export interface ProjectPaths {
  readonly root: string;
  /** The project-relative POSIX path of a `file:` URI inside the root, else null. */
  pathOf(uri: string): string | null;
  /** The `file:` URI of a project-relative path. */
  uriOf(path: string): string;
}

/** The URI/path conversions of the project at `root` (absolute). */
export function createProjectPaths(root: string): ProjectPaths {
  const uris = new Map<string, string>();
  return {
    root,
    pathOf(uri) {
      if (!uri.startsWith('file:')) return null;
      let abs: string;
      try {
        abs = fileURLToPath(uri);
      } catch {
        return null;
      }
      const rel = relative(root, abs);
      if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) return null;
      return sep === '/' ? rel : rel.split(sep).join('/');
    },
    uriOf(path) {
      let uri = uris.get(path);
      if (uri === undefined) {
        uri = pathToFileURL(`${root}/${path}`).href;
        uris.set(path, uri);
      }
      return uri;
    },
  };
}

/** The project root an `initialize` request names (workspace folder, root URI, root path), else `fallback`. */
export function rootFromInitialize(
  params: {
    readonly workspaceFolders?: readonly { readonly uri: string }[] | null;
    readonly rootUri?: string | null;
    readonly rootPath?: string | null;
  },
  fallback: string,
): string {
  const uri = params.workspaceFolders?.[0]?.uri ?? params.rootUri ?? null;
  if (uri !== null && uri.startsWith('file:')) return fileURLToPath(uri);
  return params.rootPath ?? fallback;
}

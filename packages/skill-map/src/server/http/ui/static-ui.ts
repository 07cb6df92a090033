import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { escapeHtml } from './escape-html.js';

/** Content types of what a Vite build emits; anything else is served as bytes. */
const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** Hashed build output never changes under its name; everything else is revalidated on every load. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

export interface StaticAsset {
  body: Uint8Array;
  type: string;
  cacheControl: string;
}

/** The built web page as `sm serve` serves it: files under the dist folder, and `index.html` for every route. */
export interface StaticUi {
  /** The asset at a URL path, or the stamped index (SPA fallback) for a path that names no file. */
  lookup(urlPath: string): StaticAsset;
}

/**
 * The folder of the built page: `<package>/dist/ui`, beside the compiled server (found from this module, so it
 * works from the tsc output and from the bundle alike). Null when the page was not built.
 */
export function defaultUiDist(): string | null {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'dist'))) {
      const ui = join(dir, 'dist', 'ui');
      return existsSync(join(ui, 'index.html')) ? ui : null;
    }
    dir = dirname(dir);
  }
  return null;
}

/** Stamps the scope and version metas into the built index (the page reads them before its first request). */
function stampIndex(html: string, version: string, scopeRoot: string): string {
  const metas =
    `<meta name="skill-map-version" content="${escapeHtml(version)}">` +
    `<meta name="skill-map-scope" content="${escapeHtml(scopeRoot)}">`;
  return html.replace('<head>', `<head>${metas}`);
}

/**
 * Serves a built page from `root`. Files are read once and kept (a build is a few hundred kilobytes); a path
 * outside the folder, a dotfile or a folder falls back to the index, never to the file system beyond it.
 */
export function createStaticUi(root: string, version: string, scopeRoot: string): StaticUi {
  const base = resolve(root);
  const cache = new Map<string, StaticAsset>();
  const index: StaticAsset = {
    body: Buffer.from(stampIndex(readFileSync(join(base, 'index.html'), 'utf8'), version, scopeRoot)),
    type: TYPES['.html']!,
    cacheControl: REVALIDATE,
  };

  function fileAt(urlPath: string): StaticAsset | null {
    let rel: string;
    try {
      rel = decodeURIComponent(urlPath);
    } catch {
      return null;
    }
    if (rel.includes('\0') || rel.split('/').some((seg) => seg.startsWith('.'))) return null;
    const full = resolve(base, `.${rel}`);
    if (!full.startsWith(base + sep) || full === join(base, 'index.html')) return null;
    const hit = cache.get(full);
    if (hit !== undefined) return hit;
    try {
      if (!statSync(full).isFile()) return null;
      const asset: StaticAsset = {
        body: readFileSync(full),
        type: TYPES[extname(full).toLowerCase()] ?? 'application/octet-stream',
        cacheControl: rel.startsWith('/assets/') ? IMMUTABLE : REVALIDATE,
      };
      cache.set(full, asset);
      return asset;
    } catch {
      return null;
    }
  }

  return { lookup: (urlPath) => fileAt(urlPath) ?? index };
}

// The reference's plugin layout, read as ours: a plugin.json without `id` (the folder name is the id) and without
// `extensions`, whose extensions are found on disk as `<kind-plural>/<name>/` folders holding an `extension.json`
// (version, description, stability, defaultEnabled) beside an `index.js`. Reading these files runs no plugin code;
// whether an extension may be imported at all is decided here, from its extension.json, before any import.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { ExtensionKind } from '../../kernel/index.js';
import type { DeclaredKind } from './kind-folders.js';
import { isRecord } from './export-values.js';

/** The kind of each extension folder name. */
const KIND_FOLDERS: readonly (readonly [string, ExtensionKind])[] = [
  ['providers', 'provider'],
  ['extractors', 'extractor'],
  ['analyzers', 'analyzer'],
  ['actions', 'action'],
  ['formatters', 'formatter'],
  ['hooks', 'hook'],
];
const MODULES = ['index.js', 'index.mjs'];
const STABILITIES = ['experimental', 'beta', 'stable', 'deprecated'] as const;
const ID = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/** One extension declared by its folder: what the loader knows before importing it. */
export interface DeclaredExtension {
  /** The module, relative to the plugin folder. */
  entry: string;
  kind: ExtensionKind;
  /** The folder name: the extension's bare id. */
  id: string;
  version: string;
  description: string;
  stability: (typeof STABILITIES)[number];
  /** Enabled unless the operator says otherwise: extension.json's defaultEnabled, else not experimental/deprecated. */
  defaultEnabled: boolean;
  /** A provider's kinds when its module declares none: the plugin's `kinds/<kind>/kind.json` folders. */
  kinds?: readonly DeclaredKind[];
}

const subfolders = (dir: string): string[] => {
  try {
    return readdirSync(dir)
      .filter((n) => statSync(join(dir, n)).isDirectory())
      .sort();
  } catch {
    return [];
  }
};

/** One extension folder's declaration, or why it is invalid. */
function declared(
  dir: string,
  folder: string,
  kind: ExtensionKind,
  name: string,
): DeclaredExtension | string {
  const where = `${folder}/${name}`;
  if (!ID.test(name)) return `${where}: the folder name is the extension id and must be kebab-case`;
  const module = MODULES.find((m) => existsSync(join(dir, folder, name, m)));
  if (module === undefined) return `${where} has no index.js`;
  let doc: unknown;
  try {
    doc = JSON.parse(readFileSync(join(dir, folder, name, 'extension.json'), 'utf8'));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return `${where}/extension.json ${code === 'ENOENT' ? 'is missing' : `does not parse: ${(err as Error).message}`}`;
  }
  if (!isRecord(doc)) return `${where}/extension.json must be an object`;
  const { version, description, stability, defaultEnabled } = doc;
  const extra = Object.keys(doc).filter(
    (k) => !['version', 'description', 'stability', 'defaultEnabled', '$schema'].includes(k),
  );
  if (typeof version !== 'string' || version === '') return `${where}/extension.json needs a version`;
  if (typeof description !== 'string' || description === '')
    return `${where}/extension.json needs a description`;
  if (stability !== undefined && !(STABILITIES as readonly unknown[]).includes(stability))
    return `${where}/extension.json: stability must be one of ${STABILITIES.join(', ')}`;
  if (defaultEnabled !== undefined && typeof defaultEnabled !== 'boolean')
    return `${where}/extension.json: defaultEnabled must be a boolean`;
  if (extra.length > 0) return `${where}/extension.json: unknown field ${extra.join(', ')}`;
  const level = (stability ?? 'stable') as DeclaredExtension['stability'];
  return {
    entry: `${folder}/${name}/${module}`,
    kind,
    id: name,
    version,
    description,
    stability: level,
    defaultEnabled:
      typeof defaultEnabled === 'boolean'
        ? defaultEnabled
        : level !== 'experimental' && level !== 'deprecated',
  };
}

/** Every extension folder of a plugin in the reference's layout, in kind then name order; or the first problem. */
export function declaredExtensions(dir: string): DeclaredExtension[] | string {
  const out: DeclaredExtension[] = [];
  for (const [folder, kind] of KIND_FOLDERS)
    for (const name of subfolders(join(dir, folder))) {
      const one = declared(dir, folder, kind, name);
      if (typeof one === 'string') return one;
      out.push(one);
    }
  return out;
}

/** True when a plugin.json is in the reference's layout (no `extensions` list: they are found on disk). */
export const isFolderLayout = (manifest: unknown): boolean =>
  isRecord(manifest) && !Object.hasOwn(manifest, 'extensions');

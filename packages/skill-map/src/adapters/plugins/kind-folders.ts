// The folder layout's node kinds: `<plugin>/kinds/<kind>/kind.json` (the folder name is the kind), what the web page
// draws for that kind and how its nodes are named. Read before any plugin code runs; a kind.json that is missing,
// unparseable or off `extensions/provider-kind.schema.json` makes the whole plugin invalid-manifest.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { KindUi } from '@skill-map/spec';

/** The folder holding a plugin's kinds. */
export const KINDS_FOLDER = 'kinds';
const KIND_NAME = /^[a-zA-Z][a-zA-Z0-9_-]{0,63}$/;

/** One `kinds/<kind>/kind.json`, parsed but not yet checked against the schema. */
export interface KindFile {
  kind: string;
  /** Where it is, relative to the plugin folder (for messages). */
  file: string;
  doc: unknown;
}

/** A kind.json that passed the schema: the kind's `ui` (what `kindRegistry` carries). */
export interface DeclaredKind {
  kind: string;
  ui: KindUi;
}

const isDirectory = (path: string): boolean => {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
};

/** Every `kinds/<kind>/kind.json` of a plugin folder, sorted by kind; or the first problem reading one. */
export function readKindFiles(dir: string): KindFile[] | string {
  const root = join(dir, KINDS_FOLDER);
  if (!isDirectory(root)) return [];
  const out: KindFile[] = [];
  for (const kind of readdirSync(root).sort()) {
    if (!isDirectory(join(root, kind))) continue;
    const file = `${KINDS_FOLDER}/${kind}/kind.json`;
    if (!KIND_NAME.test(kind))
      return `${KINDS_FOLDER}/${kind}: the folder name is the kind and must be a letter then letters, digits, - or _`;
    let text: string;
    try {
      text = readFileSync(join(dir, file), 'utf8');
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      return `${file} ${code === 'ENOENT' ? 'is missing' : `is unreadable (${code ?? 'error'})`}`;
    }
    try {
      out.push({ kind, file, doc: JSON.parse(text) as unknown });
    } catch (err) {
      return `${file} does not parse: ${(err as Error).message.split('\n')[0]!}`;
    }
  }
  return out;
}

/** The `ui` of a kind.json the schema accepted (its `$schema`, identifiers and identifierMismatch are not ui). */
export function toDeclaredKind(file: KindFile): DeclaredKind {
  const ui = (file.doc as { ui: KindUi }).ui;
  return {
    kind: file.kind,
    ui: {
      label: ui.label,
      color: ui.color,
      ...(ui.colorDark === undefined ? {} : { colorDark: ui.colorDark }),
      ...(ui.emoji === undefined ? {} : { emoji: ui.emoji }),
      ...(ui.icon === undefined ? {} : { icon: { ...ui.icon } }),
    },
  };
}

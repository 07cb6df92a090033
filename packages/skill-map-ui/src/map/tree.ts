// The folder tree the layout packs and the cluster layer draws: host → folders → files, names sorted. A folder
// whose only child is a folder is merged into it (`.claude/skills`), so a chain of single folders is one circle.

export interface TreeFile {
  path: string;
  name: string;
}

export interface TreeFolder {
  /** `host:` + folder path (`claude:.claude/skills`); the host itself is `claude:`. */
  key: string;
  /** What the cluster layer writes: the host id, or the folder's path relative to its parent. */
  label: string;
  host: string;
  depth: number;
  folders: TreeFolder[];
  files: TreeFile[];
}

const byName = <T extends { name: string }>(a: T, b: T): number =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : 0;

/** A path's folder names and file name; `mcp://github` is the file `github` in the folder `mcp://`. */
export function pathParts(path: string): string[] {
  const m = /^([a-z][a-z0-9+.-]*):\/\/(.*)$/.exec(path);
  return m === null ? path.split('/') : [`${m[1]}://`, ...(m[2] ?? '').split('/')];
}

interface Building {
  name: string;
  dir: Map<string, Building>;
  files: TreeFile[];
}

/** Builds the tree of `nodes` (path + host). Pure and deterministic: input order does not matter. */
export function buildTree(nodes: readonly { path: string; provider: string }[]): TreeFolder[] {
  const steps = buildTreeSteps(nodes);
  for (;;) {
    const r = steps.next();
    if (r.done === true) return r.value;
  }
}

/** Nodes filed between two yields of buildTreeSteps. */
const NODE_STEP = 1000;

/** buildTree in steps (the nodes filed a thousand at a time, then each host's folders), for a caller that pauses. */
export function* buildTreeSteps(
  nodes: readonly { path: string; provider: string }[],
): Generator<void, TreeFolder[], void> {
  const hosts = new Map<string, Building>();
  let filed = 0;
  for (const n of nodes) {
    if (++filed % NODE_STEP === 0) yield;
    let at: Building | undefined = hosts.get(n.provider);
    if (at === undefined) {
      at = { name: n.provider, dir: new Map(), files: [] };
      hosts.set(n.provider, at);
    }
    const parts = pathParts(n.path);
    const file = parts.pop() ?? n.path;
    for (const part of parts) {
      let next: Building | undefined = at.dir.get(part);
      if (next === undefined) {
        next = { name: part, dir: new Map(), files: [] };
        at.dir.set(part, next);
      }
      at = next;
    }
    at.files.push({ path: n.path, name: file });
  }
  const finish = (b: Building, host: string, prefix: string, label: string, depth: number): TreeFolder => {
    // Merge single-folder chains: `a` holding only `b` becomes `a/b`.
    let cur = b;
    let lab = label;
    let pre = prefix;
    while (depth > 0 && cur.files.length === 0 && cur.dir.size === 1) {
      const only = [...cur.dir.values()][0] as Building;
      lab = `${lab}/${only.name}`;
      pre = `${pre}/${only.name}`;
      cur = only;
    }
    const folders = [...cur.dir.values()]
      .sort(byName)
      .map((d) => finish(d, host, pre === '' ? d.name : `${pre}/${d.name}`, d.name, depth + 1));
    return {
      key: `${host}:${pre}`,
      label: lab,
      host,
      depth,
      folders,
      files: cur.files.sort((a, b) => byName(a, b) || (a.path < b.path ? -1 : 1)),
    };
  };
  const out: TreeFolder[] = [];
  for (const h of [...hosts.values()].sort(byName)) {
    yield;
    out.push(finish(h, h.name, '', h.name, 0));
  }
  return out;
}

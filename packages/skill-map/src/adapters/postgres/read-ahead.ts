// Rows a statement brought along for a later read of the same session (one lease of a connection): the job store's
// `get` answers the job's nonce and node too, which a record reads next, so that read costs no round trip. Each
// entry serves one read; a transaction or a claim of the session drops them all (they may be stale after a write).
export class ReadAhead {
  /** Job id → its nonce. */
  readonly nonces = new Map<string, string>();
  /** Node path → its stored node JSON (null: no such node). */
  readonly nodes = new Map<string, string | null>();

  /** Takes the entry of `key` (undefined when none was kept). */
  static take<V>(map: Map<string, V>, key: string): V | undefined {
    const v = map.get(key);
    map.delete(key);
    return v;
  }

  clear(): void {
    this.nonces.clear();
    this.nodes.clear();
  }
}

// What every reader of a plugin's default export shares: its shape as data, the call into its worker, and the two
// checks every field read starts with.

/** A default export's data fields (functions are called through `Invoke`, never read). */
export type Exported = Record<string, unknown>;

/** Calls one function of an extension in its plugin's worker; throws when the call faults or times out. */
export type Invoke = (method: string, args: readonly unknown[], quiet?: boolean) => unknown;

/** A plain object (not null, not an array). */
export const isRecord = (v: unknown): v is Exported =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A non-blank string, else undefined. */
export const text = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() !== '' ? v : undefined;

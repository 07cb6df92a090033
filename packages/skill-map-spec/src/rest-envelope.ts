/** Registries carried by payload-bearing REST envelopes. */
export interface EnvelopeRegistries {
  kindRegistry?: Record<string, unknown>;
  providerRegistry?: Record<string, unknown>;
  contributionsRegistry?: Record<string, unknown>;
}

/** A REST list response. */
export interface ListEnvelope<T> extends EnvelopeRegistries {
  schemaVersion: '1';
  kind: string;
  items: T[];
  counts: { total: number; returned?: number; [key: string]: number | undefined };
  filters?: Record<string, unknown>;
}

/** A REST single-item response. */
export interface SingleEnvelope<T> extends EnvelopeRegistries {
  schemaVersion: '1';
  kind: string;
  item: T;
}

/** A REST scalar/value response. */
export interface ValueEnvelope<T> {
  schemaVersion: '1';
  kind: string;
  value: T;
}

/** A REST error response. */
export interface ErrorEnvelope {
  ok: false;
  error: { code: string; message: string; details: Record<string, unknown> | null };
}

/** Any REST envelope. */
export type RestEnvelope<T = unknown> =
  ListEnvelope<T> | SingleEnvelope<T> | ValueEnvelope<T> | ErrorEnvelope;

// The page's only way to the server: same-origin REST. Every failure becomes an ApiError carrying the REST
// envelope's code, so a view can branch on `confirm-required`, `not-found` or `no-processing-agent`.

/** A refused or failed request: the REST error envelope's code and message, or a transport failure. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** `:pathB64` of the REST routes: base64url of the UTF-8 node path, without padding. */
export function pathB64(path: string): string {
  const bytes = new TextEncoder().encode(path);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      credentials: 'same-origin',
    });
  } catch (err) {
    throw new ApiError(0, 'unreachable', `the server did not answer (${String(err)})`);
  }
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text === '' ? null : JSON.parse(text);
  } catch {
    // not JSON: handled below
  }
  if (!res.ok) {
    const error = (json as { error?: { code?: string; message?: string; details?: unknown } } | null)?.error;
    throw new ApiError(
      res.status,
      error?.code ?? `http-${res.status}`,
      error?.message ?? (text.slice(0, 200) || res.statusText),
      error?.details ?? null,
    );
  }
  return json as T;
}

export const api = {
  get: <T>(path: string): Promise<T> => request<T>('GET', path),
  post: <T>(path: string, body?: unknown): Promise<T> => request<T>('POST', path, body),
  del: <T>(path: string): Promise<T> => request<T>('DELETE', path),
  patch: <T>(path: string, body?: unknown): Promise<T> => request<T>('PATCH', path, body),
};

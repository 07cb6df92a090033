// Test support: one REST call to a running server, its JSON body parsed (null when the answer is empty).

/** The status and the parsed body of one answer. */
export interface RestAnswer<T> {
  status: number;
  body: T | null;
}

/** `method path` on the server at `baseUrl`, with `body` sent as JSON when given. */
export async function restCall<T = Record<string, unknown>>(
  baseUrl: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<RestAnswer<T>> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text === '' ? null : (JSON.parse(text) as T) };
}

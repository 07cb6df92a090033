// What names a PostgreSQL database, and how a URL is shown: never with its password.

/** True when `value` is a PostgreSQL connection URL (`postgres://` or `postgresql://`). */
export function isPostgresUrl(value: string): boolean {
  return /^postgres(ql)?:\/\//i.test(value);
}

/** The URL with its password (if any) replaced by `***`, for a message or a listing. */
export function withoutPassword(value: string): string {
  try {
    const url = new URL(value);
    if (url.password !== '') url.password = '***';
    return url.href;
  } catch {
    return `${value.slice(0, value.indexOf('://') + 3)}…`;
  }
}

// A frontmatter or annotation value, readable at any depth: scalars inline, lists of scalars comma-joined,
// objects as nested key/value tables, long strings wrapped. Nothing of it is HTML: React escapes every string.

const MAX_DEPTH = 6;

function isScalar(value: unknown): value is string | number | boolean | null {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

function Scalar({ value }: { value: string | number | boolean | null }) {
  if (typeof value === 'string') return <span className="value-string">{value === '' ? '""' : value}</span>;
  return <code className="value-literal">{String(value)}</code>;
}

/** A key/value table of an object; the frontmatter and the annotations use it at the top level. */
export function KeyValueTable({ entries, depth = 0 }: { entries: [string, unknown][]; depth?: number }) {
  return (
    <table className="kv-table">
      <tbody>
        {entries.map(([key, value]) => (
          <tr key={key}>
            <th scope="row">{key}</th>
            <td>
              <Value value={value} depth={depth + 1} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function Value({ value, depth = 0 }: { value: unknown; depth?: number }) {
  if (isScalar(value)) return <Scalar value={value} />;
  if (depth > MAX_DEPTH) return <code className="value-literal">{JSON.stringify(value)}</code>;
  if (Array.isArray(value)) {
    if (value.length === 0) return <code className="value-literal">[]</code>;
    if (value.every(isScalar))
      return (
        <span className="value-list">
          {value.map((v, i) => (
            <span key={i} className="value-item">
              <Scalar value={v} />
            </span>
          ))}
        </span>
      );
    return (
      <ol className="value-array">
        {(value as unknown[]).map((v, i) => (
          <li key={i}>
            <Value value={v} depth={depth + 1} />
          </li>
        ))}
      </ol>
    );
  }
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) return <code className="value-literal">{'{}'}</code>;
    return <KeyValueTable entries={entries} depth={depth} />;
  }
  return <code className="value-literal">{typeof value}</code>;
}

import type { Node } from '../../api/types';
import { Empty, Section } from './Section';
import { KeyValueTable } from './Value';

const STATUS_TEXT: Record<string, string> = {
  fresh: 'fresh',
  'stale-body': 'stale: the body changed since the sidecar was written',
  'stale-frontmatter': 'stale: the frontmatter changed since the sidecar was written',
  'stale-both': 'stale: the body and the frontmatter changed since the sidecar was written',
};

/** The `annotations:` block of the node's `.sm` sidecar, and how fresh the sidecar is. */
export function AnnotationsSection({ node }: { node: Node }) {
  const sidecar = node.sidecar;
  const entries = Object.entries(sidecar?.annotations ?? {});
  return (
    <Section title="Annotations">
      {sidecar?.present !== true ? (
        <Empty>No .sm sidecar.</Empty>
      ) : (
        <>
          <p className="sidecar-status" data-status={sidecar.status ?? 'unknown'}>
            Sidecar {sidecar.status === null ? 'present' : (STATUS_TEXT[sidecar.status] ?? sidecar.status)}
          </p>
          {entries.length === 0 ? (
            <Empty>The sidecar has no annotations.</Empty>
          ) : (
            <KeyValueTable entries={entries} />
          )}
        </>
      )}
    </Section>
  );
}

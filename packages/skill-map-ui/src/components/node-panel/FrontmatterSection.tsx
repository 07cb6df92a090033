import type { Node } from '../../api/types';
import { Empty, Section } from './Section';
import { KeyValueTable } from './Value';

export function FrontmatterSection({ node }: { node: Node }) {
  const entries = Object.entries(node.frontmatter ?? {});
  return (
    <Section title="Frontmatter">
      {entries.length === 0 ? <Empty>No frontmatter.</Empty> : <KeyValueTable entries={entries} />}
    </Section>
  );
}

// Live activity of the open node: how often it ran since the server started and when last, and the spawn pairs
// it is in (what it started, what started it). Shown only for a node that ran or is in a pair.
import { useMemo } from 'react';
import { nodeHref } from '../../markdown/resolve-link';
import { pairsOf, type PairActivity } from '../../state/activity-model';
import { useApp } from '../../state/store';
import { localTime } from '../jobs/format';
import { mapIndex } from './map-index';
import { Section } from './Section';

const times = (n: number): string => (n === 1 ? 'once' : `${n} times`);

function PairList({ title, pairs, end }: { title: string; pairs: PairActivity[]; end: 'from' | 'to' }) {
  const map = useApp((s) => s.map);
  if (pairs.length === 0) return null;
  const index = mapIndex(map);
  return (
    <>
      <h4 className="panel-subhead">{title}</h4>
      <ul className="activity-pairs">
        {pairs.map((p) => {
          const other = p[end];
          return (
            <li key={`${p.from}\u0000${p.to}`}>
              <a href={nodeHref(other)} data-node={other}>
                {index.node(other)?.name ?? other}
              </a>{' '}
              <span className="activity-meta" title={`last at ${localTime(p.lastAt)}`}>
                {times(p.count)}
              </span>
            </li>
          );
        })}
      </ul>
    </>
  );
}

export function ActivitySection({ path }: { path: string }) {
  const activity = useApp((s) => s.activity);
  const ran = activity.nodes.get(path);
  const { started, startedBy } = useMemo(() => pairsOf(activity, path), [activity, path]);
  if (ran === undefined && started.length === 0 && startedBy.length === 0) return null;
  return (
    <Section title="Activity">
      <div data-testid="node-activity">
        {ran !== undefined && (
          <p className="activity-ran">
            Ran {ran.count} {ran.count === 1 ? 'time' : 'times'}, last at{' '}
            <time dateTime={new Date(ran.lastAt).toISOString()}>{localTime(ran.lastAt)}</time>
          </p>
        )}
        <PairList title="Started" pairs={started} end="to" />
        <PairList title="Started by" pairs={startedBy} end="from" />
      </div>
    </Section>
  );
}

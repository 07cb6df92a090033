import type { Severity } from '../../api/types';

/** "2 errors, 1 warning" as three small badges (zero counts left out). */
export function SeverityCounts({ counts }: { counts: Record<Severity, number> }) {
  const parts: Array<[Severity, string]> = [
    ['error', counts.error === 1 ? 'error' : 'errors'],
    ['warn', counts.warn === 1 ? 'warning' : 'warnings'],
    ['info', 'info'],
  ];
  return (
    <span className="sev-counts">
      {parts
        .filter(([s]) => counts[s] > 0)
        .map(([s, word]) => (
          <span key={s} className={`sev-count sev-${s}`}>
            {counts[s]} {word}
          </span>
        ))}
    </span>
  );
}

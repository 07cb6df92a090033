import type { ReactNode } from 'react';

/** One titled part of the panel; the `<h3>` text is exactly the contract's heading (the count sits beside it). */
export function Section({ title, count, children }: { title: string; count?: number; children: ReactNode }) {
  const id = `panel-section-${title.toLowerCase()}`;
  return (
    <section className="panel-section" aria-labelledby={id}>
      <div className="panel-section-head">
        <h3 id={id}>{title}</h3>
        {count !== undefined && <span className="panel-count">{count}</span>}
      </div>
      {children}
    </section>
  );
}

/** A quiet line saying a section has nothing, or why it could not load. */
export function Empty({ children }: { children: ReactNode }) {
  return <p className="panel-empty">{children}</p>;
}

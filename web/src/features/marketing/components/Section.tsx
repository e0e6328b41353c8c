/** A page section labelled by its heading, with an optional lead paragraph. */
import type { ReactNode } from 'react';

interface SectionProps {
  id: string;
  title: string;
  eyebrow?: string;
  lead?: ReactNode;
  tone?: 'plain' | 'raised';
  children: ReactNode;
}

export function Section({ id, title, eyebrow, lead, tone = 'plain', children }: SectionProps) {
  const headingId = `${id}-title`;
  return (
    <section id={id} className={`section section-${tone}`} aria-labelledby={headingId}>
      <div className="container">
        <header className="section-header">
          {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
          <h2 id={headingId} tabIndex={-1}>
            {title}
          </h2>
          {lead ? <p className="section-lead">{lead}</p> : null}
        </header>
        {children}
      </div>
    </section>
  );
}

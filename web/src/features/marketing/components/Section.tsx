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

interface Step {
  readonly title: string;
  readonly duration: string;
  readonly text: string;
}

/**
 * The numbered approach steps shown on Home and About. It lives beside Section, which every marketing page
 * already loads, so sharing it costs Home no extra chunk (a module of its own did: +1 request).
 */
export function StepsList({ steps }: { steps: readonly Step[] }) {
  return (
    <ol className="steps">
      {steps.map((step, index) => (
        <li key={step.title} className="step">
          <span className="step-number" aria-hidden="true">
            {index + 1}
          </span>
          <h3>
            <span className="visually-hidden">Step {index + 1}: </span>
            {step.title}
          </h3>
          <p className="step-duration">{step.duration}</p>
          <p>{step.text}</p>
        </li>
      ))}
    </ol>
  );
}

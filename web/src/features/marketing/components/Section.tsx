/**
 * The building blocks of the marketing pages: the page hero, a section labelled by its heading, card grids,
 * check lists, the approach steps and the closing call to action. They live in one module, which every
 * marketing page already loads, so sharing them costs a page no extra chunk (a module of its own did: +1 request).
 */
import type { ReactNode } from 'react';
import { CheckIcon } from '../../../components/icons';

interface PageHeroProps {
  /** The id of the page's h1, which labels the hero. */
  titleId: string;
  eyebrow: string;
  title: string;
  subtitle: ReactNode;
  /** The compact hero of the inner pages; Home's is full height. */
  compact?: boolean;
  /** Beside the copy (Home's image, the Services package): the hero becomes a two-column grid. */
  aside?: ReactNode;
  /** Below the subtitle (actions, a note). */
  children?: ReactNode;
}

export function PageHero({ titleId, eyebrow, title, subtitle, compact = true, aside, children }: PageHeroProps) {
  return (
    <section className={compact ? 'hero hero-compact glow' : 'hero glow'} aria-labelledby={titleId}>
      <div className={aside ? 'container hero-grid' : 'container'}>
        <div className={aside ? 'hero-copy' : 'narrow'}>
          <p className="eyebrow">{eyebrow}</p>
          <h1 id={titleId}>{title}</h1>
          <p className="hero-subtitle">{subtitle}</p>
          {children}
        </div>
        {aside}
      </div>
    </section>
  );
}

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

/** A list of ticked items; `variant` adds its size class (check-list-compact, check-list-large). */
export function CheckList({ items, variant }: { items: readonly string[]; variant?: 'compact' | 'large' }) {
  return (
    <ul className={variant ? `check-list check-list-${variant}` : 'check-list'}>
      {items.map((item) => (
        <li key={item}>
          <CheckIcon />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

interface Card {
  readonly title: string;
  readonly text: string;
  /** Ticked points under the text. */
  readonly points?: readonly string[];
}

/** A grid of feature cards, each a heading and a paragraph (and its points, if any). */
export function CardGrid({ cards, columns }: { cards: readonly Card[]; columns: 3 | 4 }) {
  return (
    <ul className={`card-grid card-grid-${columns}`}>
      {cards.map((card) => (
        <li key={card.title} className="card feature-card">
          <h3>{card.title}</h3>
          <p>{card.text}</p>
          {card.points ? <CheckList items={card.points} variant="compact" /> : null}
        </li>
      ))}
    </ul>
  );
}

/** The call to action that closes a page: a heading, a paragraph and the action (a button or a link). */
export function CtaSection({ titleId, title, text, action }: { titleId: string; title: string; text: ReactNode; action: ReactNode }) {
  return (
    <section className="cta" aria-labelledby={titleId}>
      <div className="container cta-inner glow">
        <h2 id={titleId}>{title}</h2>
        <p>{text}</p>
        {action}
      </div>
    </section>
  );
}

interface Step {
  readonly title: string;
  readonly duration: string;
  readonly text: string;
}

/** The numbered approach steps shown on Home and About. */
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

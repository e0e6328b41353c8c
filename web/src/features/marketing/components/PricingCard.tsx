/** The AI agent package (spec 000_87e5fbf87b6c3f39.txt §9): $800 setup plus $200 per month per agent, labelled 'MOST POPULAR'. */
import type { ReactNode } from 'react';
import { packageInclusions, packagePrice } from '../content';
import { CheckList } from './Section';

export function PricingCard({ actions, headingLevel = 3 }: { actions: ReactNode; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="pricing-card" aria-labelledby="package-title">
      <p className="badge pricing-badge">MOST POPULAR</p>
      <Heading id="package-title" className="pricing-title">
        AI Agent Package
      </Heading>
      <p className="pricing-summary">Everything needed to launch and run one AI agent, priced per agent.</p>
      <p className="price">
        <span className="price-amount">{packagePrice.setup}</span>
        <span className="price-unit">{packagePrice.setupLabel}</span>
      </p>
      <p className="price price-secondary">
        <span className="price-plus" aria-hidden="true">
          +
        </span>
        <span className="price-amount">{packagePrice.monthly}</span>
        <span className="price-unit">{packagePrice.monthlyLabel}</span>
      </p>
      <CheckList items={packageInclusions} />
      <div className="pricing-actions">{actions}</div>
    </article>
  );
}

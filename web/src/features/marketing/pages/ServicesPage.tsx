/**
 * Services (spec section 2): hero, the AI agent package with 'Buy Now', the six agent types, what is included,
 * support hours, benefits and 'Book Your Free Demo'. The 'Buy Now' button belongs to the marketplace feature;
 * the app layer passes it in as `buyButton`.
 */
import type { ReactNode } from 'react';
import { CheckIcon } from '../../../components/icons';
import { DemoButton } from '../components/DemoButton';
import { PricingCard } from '../components/PricingCard';
import { ResultList } from '../components/ResultList';
import { Section } from '../components/Section';
import { agentTypes, demoFacts, packageInclusions, supportHours } from '../content';

const benefits = [
  { title: 'Lower operating costs', text: 'Cost reduction of up to 30% in the workflows an agent takes over, without adding headcount.' },
  { title: 'Faster answers', text: 'Response time improved by 80%: leads and customers hear back in minutes, at any hour.' },
  { title: 'Time back for your team', text: '15+ hours saved per week on triage, follow-ups and repeat questions.' },
  { title: 'Consistent quality', text: 'Every reply follows your policies and tone, and sensitive cases always reach a person.' },
];

export default function ServicesPage({ buyButton }: { buyButton?: ReactNode }) {
  return (
    <main id="main">
      <section className="hero hero-compact" aria-labelledby="services-title">
        <div className="container hero-grid">
          <div className="hero-copy">
            <p className="eyebrow">Services</p>
            <h1 id="services-title">AI agents, set up and supported end to end</h1>
            <p className="hero-subtitle">
              One package covers discovery, the build, a tuning period with the agent live and dedicated support
              afterwards. Add as many agents as your business needs, each for a flat monthly fee.
            </p>
          </div>
          <div className="pricing-wrap">
            <PricingCard headingLevel={2} actions={buyButton} />
          </div>
        </div>
      </section>

      <Section
        id="agent-types"
        eyebrow="Six agent types"
        title="Choose the agents your business needs"
        lead="Start with one and add more as you see the results. Every agent comes with the same package."
      >
        <ul className="card-grid card-grid-3">
          {agentTypes.map((agent) => (
            <li key={agent.id} className="card feature-card">
              <h3>{agent.name}</h3>
              <p>{agent.summary}</p>
              <ul className="check-list check-list-compact">
                {agent.points.map((point) => (
                  <li key={point}>
                    <CheckIcon />
                    <span>{point}</span>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="included" tone="raised" eyebrow="Inclusions" title="What's included with every agent">
        <div className="split">
          <ul className="check-list check-list-large">
            {packageInclusions.map((item) => (
              <li key={item}>
                <CheckIcon />
                <span>{item}</span>
              </li>
            ))}
          </ul>
          <section className="card support-card" aria-labelledby="support-hours-title">
            <h3 id="support-hours-title">Support hours</h3>
            <p>Your dedicated support contact is available:</p>
            <dl className="hours">
              {supportHours.map((slot) => (
                <div key={slot.short}>
                  <dt>{slot.short}</dt>
                  <dd>{slot.hours}</dd>
                </div>
              ))}
            </dl>
            <p className="muted">Messages sent outside these hours are answered within 24 hours.</p>
          </section>
        </div>
      </Section>

      <Section id="benefits" eyebrow="Benefits" title="What changes after launch">
        <ul className="card-grid card-grid-4">
          {benefits.map((b) => (
            <li key={b.title} className="card feature-card">
              <h3>{b.title}</h3>
              <p>{b.text}</p>
            </li>
          ))}
        </ul>
        <ResultList />
      </Section>

      <section className="cta" aria-labelledby="services-cta-title">
        <div className="container cta-inner">
          <h2 id="services-cta-title">Not sure which agent to start with?</h2>
          <p>
            Book a free demo of {demoFacts.length}. We look at where your team loses the most hours and show you
            the agent that would win them back first.
          </p>
          <DemoButton>Book Your Free Demo</DemoButton>
        </div>
      </section>
    </main>
  );
}

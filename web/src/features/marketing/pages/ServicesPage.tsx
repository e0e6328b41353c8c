/**
 * Services (spec 000_87e5fbf87b6c3f39.txt §2): hero, the AI agent package with 'Buy Now', the six agent types, what is included,
 * support hours, benefits and 'Book Your Free Demo'. The 'Buy Now' button belongs to the marketplace feature;
 * the app layer passes it in as `buyButton`.
 */
import type { ReactNode } from 'react';
import { DemoButton } from '../components/DemoButton';
import { PricingCard } from '../components/PricingCard';
import { ResultList } from '../components/ResultList';
import { CardGrid, CheckList, CtaSection, PageHero, Section } from '../components/Section';
import { agentTypes, demoFacts, packageInclusions, supportHours } from '../content';

const benefits = [
  { title: 'Lower operating costs', text: 'Cost reduction of up to 30% in the workflows an agent takes over, without adding headcount.' },
  { title: 'Faster answers', text: 'Response time improved by 80%: leads and customers hear back in minutes, at any hour.' },
  { title: 'Time back for your team', text: '15+ hours saved per week on triage, follow-ups and repeat questions.' },
  { title: 'Consistent quality', text: 'Every reply follows your policies and tone, and sensitive cases always reach a person.' },
];

const agentCards = agentTypes.map((agent) => ({ title: agent.name, text: agent.summary, points: agent.points }));

export default function ServicesPage({ buyButton }: { buyButton?: ReactNode }) {
  return (
    <main id="main">
      <PageHero
        titleId="services-title"
        eyebrow="Services"
        title="AI agents, set up and supported end to end"
        subtitle={
          <>
            One package covers discovery, the build, a tuning period with the agent live and dedicated support
            afterwards. Add as many agents as your business needs, each for a flat monthly fee.
          </>
        }
        aside={
          <div className="pricing-wrap">
            <PricingCard headingLevel={2} actions={buyButton} />
          </div>
        }
      />

      <Section
        id="agent-types"
        eyebrow="Six agent types"
        title="Choose the agents your business needs"
        lead="Start with one and add more as you see the results. Every agent comes with the same package."
      >
        <CardGrid cards={agentCards} columns={3} />
      </Section>

      <Section id="included" tone="raised" eyebrow="Inclusions" title="What's included with every agent">
        <div className="split">
          <CheckList items={packageInclusions} variant="large" />
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
        <CardGrid cards={benefits} columns={4} />
        <ResultList />
      </Section>

      <CtaSection
        titleId="services-cta-title"
        title="Not sure which agent to start with?"
        text={
          <>
            Book a free demo of {demoFacts.length}. We look at where your team loses the most hours and show you
            the agent that would win them back first.
          </>
        }
        action={<DemoButton>Book Your Free Demo</DemoButton>}
      />
    </main>
  );
}

/** Home (spec 000_87e5fbf87b6c3f39.txt §2): hero, why-choose cards, feature sections, pricing, the 4-step approach, a call to action. */
import { Link } from 'react-router-dom';
import { ArrowRightIcon, StarIcon } from '../../../components/icons';
import { DemoButton } from '../components/DemoButton';
import { HeroImage } from '../components/HeroImage';
import { PricingCard } from '../components/PricingCard';
import { ResultList } from '../components/ResultList';
import { CardGrid, CheckList, CtaSection, PageHero, Section, StepsList } from '../components/Section';
import { agentTypes, approachSteps, demoFacts, supportHours } from '../content';

const WHY_CHOOSE_ID = 'why-choose';

/** Smooth-scrolls to the why-choose section and moves focus there, so keyboard users land where they look. */
function scrollToWhyChoose() {
  const section = document.getElementById(WHY_CHOOSE_ID);
  if (!section) return;
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  section.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
  section.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
}

const whyChoose = [
  {
    title: 'Built around your workflow',
    text: 'Every engagement starts with a 3-week discovery phase. We learn how your team sells, supports and follows up before a single prompt is written.',
  },
  {
    title: 'Results you can measure',
    text: 'Clients see cost reduction of up to 30%, response times improved by 80% and 15+ hours saved per week. We report the numbers every month.',
  },
  {
    title: 'Tuned on real conversations',
    text: 'A 2-week optimization phase after launch refines the agent on what your customers actually say, not on guesses.',
  },
  {
    title: 'Dedicated support, after hours too',
    text: `A dedicated support contact who knows your setup, available ${supportHours[0].short} ${supportHours[0].hours} and ${supportHours[1].short.toLowerCase()} ${supportHours[1].hours}.`,
  },
];

const features = agentTypes.filter((a) => ['sdr', 'support', 'email', 'social'].includes(a.id));

export default function HomePage() {
  return (
    <main id="main">
      <PageHero
        titleId="hero-title"
        eyebrow="AI agents for growing businesses"
        title="Custom AI agents that work while you sleep"
        subtitle={
          <>
            Cadence AI designs, builds and supports AI agents that qualify leads, answer customers and clear your inbox
            around the clock, so your team spends its hours on the work only people can do.
          </>
        }
        compact={false}
        aside={
          <div className="hero-side">
            <HeroImage />
            <div className="hero-card card">
              <p className="rating">
                <span className="stars" aria-hidden="true">
                  {[0, 1, 2, 3, 4].map((i) => (
                    <StarIcon key={i} />
                  ))}
                </span>
                <span className="rating-value">
                  5.0<span className="visually-hidden"> out of 5</span>
                </span>
              </p>
              <p className="rating-text">Trusted by 3 businesses</p>
            </div>
          </div>
        }
      >
        <div className="hero-actions">
          <DemoButton>Book a Free Demo</DemoButton>
          <button type="button" className="button button-secondary button-lg" onClick={scrollToWhyChoose}>
            Get Started
            <ArrowRightIcon />
          </button>
        </div>
        <p className="hero-note">
          Free demos of {demoFacts.length}. We reply {demoFacts.reply}.
        </p>
      </PageHero>

      <Section
        id={WHY_CHOOSE_ID}
        eyebrow="Why Cadence AI"
        title="Why businesses choose us"
        lead="AI that earns its place on your team: scoped carefully, launched fast and looked after."
      >
        <CardGrid cards={whyChoose} columns={4} />
        <ResultList />
      </Section>

      <Section
        id="features"
        tone="raised"
        eyebrow="What our agents do"
        title="Agents for the work that piles up"
        lead="Each agent handles one job well and hands anything unusual to a person, with the full context."
      >
        <div className="feature-rows">
          {features.map((agent) => (
            <article key={agent.id} className="feature-row">
              <div>
                <h3>{agent.name}</h3>
                <p>{agent.summary}</p>
              </div>
              <CheckList items={agent.points} />
            </article>
          ))}
        </div>
        <p className="section-more">
          <Link to="/services">
            See all six agent types <ArrowRightIcon />
          </Link>
        </p>
      </Section>

      <Section id="pricing" eyebrow="Pricing" title="One clear package" lead="No retainers or hidden extras: a setup fee, then a monthly fee for each agent you run.">
        <div className="pricing-wrap">
          <PricingCard
            actions={
              <Link to="/services" className="button button-primary button-lg button-block">
                View Package Details
              </Link>
            }
          />
        </div>
      </Section>

      <Section id="approach" tone="raised" eyebrow="How we work" title="Our 4-step approach">
        <StepsList steps={approachSteps} />
      </Section>

      <CtaSection
        titleId="cta-title"
        title="See an agent handle your real questions"
        text={
          <>
            In a free demo of {demoFacts.length} we walk through your workflow and show an agent answering the
            questions your customers ask. Tell us a little about your business and we reply {demoFacts.reply}.
          </>
        }
        action={<DemoButton>Schedule Your Free Demo</DemoButton>}
      />
    </main>
  );
}

/** About (spec 000_87e5fbf87b6c3f39.txt §2): the story, the three values, the approach steps and a link to /contact. */
import { Link } from 'react-router-dom';
import { ArrowRightIcon } from '../../../components/icons';
import { CardGrid, CtaSection, PageHero, Section, StepsList } from '../components/Section';
import { approachSteps } from '../content';

const values = [
  {
    title: 'Human-centered',
    text: 'Agents take the repetitive work so people can do the rest. Every agent knows when to hand a conversation to your team, and your customers can always reach a person.',
  },
  {
    title: 'Ethical innovation',
    text: 'We are open with your customers that they are talking to an AI, use your data only for your agents, and never let an agent make promises your policies do not allow.',
  },
  {
    title: 'Results-driven',
    text: 'We agree on the numbers that matter before we build, track them from launch and report them monthly: hours saved, response times and costs.',
  },
];

export default function AboutPage() {
  return (
    <main id="main">
      <PageHero
        titleId="about-title"
        eyebrow="About us"
        title="We build AI agents that teams actually trust"
        subtitle={
          <>
            Cadence AI is a small, senior team of engineers and operators. We help growing businesses put AI to work on
            the tasks that keep their people from customers.
          </>
        }
      />

      <Section id="story" eyebrow="Our story" title="Why we started Cadence AI">
        <div className="prose">
          <p>
            We spent years inside sales and support teams that were always a step behind: leads waiting a day for a
            reply, the same ten questions answered by hand, follow-ups lost in a shared inbox. The tools to fix that
            existed, but they came as generic chatbots that sounded nothing like the business and broke the first time
            a customer asked something unexpected.
          </p>
          <p>
            So we started building agents the other way around: beginning with a 3-week discovery of how a team really
            works, training the agent on its own documents and tone, and staying for a 2-week optimization phase with
            real conversations before calling it done. Every client keeps a dedicated support contact after launch.
          </p>
          <p>
            The result is AI that fits in quietly: teams save 15+ hours per week, respond 80% faster and cut the cost of
            the work an agent takes over by up to 30%.
          </p>
        </div>
      </Section>

      <Section id="values" tone="raised" eyebrow="Our values" title="What we stand for">
        <CardGrid cards={values} columns={3} />
      </Section>

      <Section id="about-approach" eyebrow="Our approach" title="How an engagement runs">
        <StepsList steps={approachSteps} />
      </Section>

      <CtaSection
        titleId="about-cta-title"
        title="Let's talk about your workflow"
        text="Tell us where your team loses time. We reply within 24 hours."
        action={
          <Link to="/contact" className="button button-primary button-lg">
            Contact Us
            <ArrowRightIcon />
          </Link>
        }
      />
    </main>
  );
}

/**
 * Contact (spec section 2): contact details, a demo blurb, the message form and a four-question FAQ. The form
 * belongs to the lead-capture feature; the app layer passes it in as `form`.
 */
import type { ReactNode } from 'react';
import { brand } from '@shared/content/brand';
import { ChevronDownIcon } from '../../../components/icons';
import { DemoButton } from '../components/DemoButton';
import { demoFacts, packagePrice, supportHours } from '../content';

const faq = [
  {
    question: 'How long does it take to launch an AI agent?',
    answer:
      'Most agents go live within about six weeks: a 3-week discovery phase, the build, and then a 2-week optimization phase with the agent handling real conversations while we tune it.',
  },
  {
    question: 'What does the AI agent package cost?',
    answer: `${packagePrice.setup} ${packagePrice.setupLabel}, then ${packagePrice.monthly} ${packagePrice.monthlyLabel}. Discovery, the optimization phase and dedicated support are included; there are no hidden extras.`,
  },
  {
    question: 'What happens in the free demo?',
    answer: `The demo takes ${demoFacts.length}. We ask about your workflow and the tools you use, show an agent answering questions like your customers' and outline what a first agent would do for you. There is no obligation.`,
  },
  {
    question: 'What support do I get after launch?',
    answer: `A dedicated support contact who knows your setup, available ${supportHours[0].short} ${supportHours[0].hours} and ${supportHours[1].short.toLowerCase()} ${supportHours[1].hours}. We also send a monthly report on conversations, hours saved and response times.`,
  },
];

export default function ContactPage({ form }: { form?: ReactNode }) {
  const tel = brand.phone.replace(/[^+\d]/g, '');
  return (
    <main id="main">
      <section className="hero hero-compact" aria-labelledby="contact-title">
        <div className="container">
          <div className="narrow">
            <p className="eyebrow">Contact</p>
            <h1 id="contact-title">Contact us</h1>
            <p className="hero-subtitle">
              Questions about AI agents, pricing or a project you have in mind? Send us a message and we reply{' '}
              {demoFacts.reply}.
            </p>
          </div>
        </div>
      </section>

      <div className="container contact-grid">
        <div className="contact-aside">
          <section className="card" aria-labelledby="contact-details-title">
            <h2 id="contact-details-title">Get in touch</h2>
            <dl className="contact-details">
              <div>
                <dt>Email</dt>
                <dd>
                  <a href={`mailto:${brand.email}`}>{brand.email}</a>
                </dd>
              </div>
              <div>
                <dt>Phone</dt>
                <dd>
                  <a href={`tel:${tel}`}>{brand.phone}</a>
                </dd>
              </div>
              <div>
                <dt>Office</dt>
                <dd>{brand.address}</dd>
              </div>
              <div>
                <dt>Support hours</dt>
                <dd>
                  {supportHours.map((slot) => (
                    <span key={slot.short} className="block">
                      {slot.short}: {slot.hours}
                    </span>
                  ))}
                </dd>
              </div>
            </dl>
          </section>
          <section className="card demo-blurb" aria-labelledby="demo-blurb-title">
            <h2 id="demo-blurb-title">Prefer to see it live?</h2>
            <p>
              Book a free demo of {demoFacts.length}. We walk through your workflow, show an agent answering real
              questions and answer yours. No preparation needed.
            </p>
            <DemoButton variant="secondary">Book a Free Demo</DemoButton>
          </section>
        </div>
        <div className="contact-form-slot">{form}</div>
      </div>

      <section className="section" aria-labelledby="faq-title">
        <div className="container">
          <div className="narrow">
            <h2 id="faq-title" className="faq-heading">
              Frequently asked questions
            </h2>
            <div className="faq">
              {faq.map((item) => (
                <details key={item.question} className="faq-item">
                  <summary>
                    <span>{item.question}</span>
                    <ChevronDownIcon className="faq-chevron" />
                  </summary>
                  <p>{item.answer}</p>
                </details>
              ))}
            </div>
          </div>
        </div>
      </section>
    </main>
  );
}

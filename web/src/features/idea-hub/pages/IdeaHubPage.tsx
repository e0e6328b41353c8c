/**
 * /idea-hub (spec 000_87e5fbf87b6c3f39.txt §2): a hero with 'Submit Your Idea' that smooth-scrolls to the form, the
 * confidentiality note, what happens after a submission, and the form. Prerendered at build time, so nothing
 * here touches browser-only APIs while rendering.
 */
import { useRef } from 'react';
import { IdeaForm } from '../components/IdeaForm';
import '../idea-hub.css';

const steps = [
  { title: 'You tell us the idea', text: 'A few sentences on what the app should do and who it is for are enough to start.' },
  { title: 'We review it', text: 'Our internal team reads every submission and replies within 24 hours on working days.' },
  { title: 'We scope it together', text: 'If the idea fits, we plan a free 30-45 minute call to shape the first version and its budget.' },
];

export default function IdeaHubPage() {
  const formHeading = useRef<HTMLHeadingElement>(null);

  function scrollToForm() {
    const heading = formHeading.current;
    if (!heading) return;
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    heading.closest('section')?.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
    // Keyboard and screen reader users continue at the form, not back at the button.
    heading.focus({ preventScroll: true });
  }

  return (
    <main id="main" className="idea-hub">
      <section className="idea-hero glow" aria-labelledby="idea-hub-title">
        <div className="container idea-hero-inner">
          <p className="idea-eyebrow">Your idea, built with AI</p>
          <h1 id="idea-hub-title">Idea Hub</h1>
          <p className="idea-hero-lead">
            Have an app in mind that would save your team hours or delight your customers? Describe it here. We turn
            promising ideas into working AI apps, from a first prototype to a product your business runs on.
          </p>
          <button type="button" className="button button-primary button-lg" onClick={scrollToForm}>
            Submit Your Idea
          </button>
        </div>
      </section>

      <section className="container idea-intro" aria-label="About your submission">
        <aside className="idea-note" aria-labelledby="idea-note-title">
          <svg aria-hidden="true" viewBox="0 0 24 24" width="28" height="28" fill="none" stroke="currentColor" strokeWidth="2">
            <rect x="4" y="10" width="16" height="11" rx="2" />
            <path d="M8 10V7a4 4 0 0 1 8 0v3" />
          </svg>
          <div>
            <h2 id="idea-note-title">Your idea stays confidential</h2>
            <p>
              Every submission is kept confidential and reviewed only by our internal team. We never share your idea
              or your documents with anyone outside the agency.
            </p>
          </div>
        </aside>
        <ol className="idea-steps">
          {steps.map((step, i) => (
            <li key={step.title}>
              <span className="idea-step-number" aria-hidden="true">
                {i + 1}
              </span>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section id="submit-idea" className="idea-form-section" aria-labelledby="idea-form-title">
        <div className="container idea-form-card">
          <h2 id="idea-form-title" ref={formHeading} tabIndex={-1}>
            Submit Your Idea
          </h2>
          <p className="idea-form-lead">All fields are required except the supporting documents.</p>
          <IdeaForm />
        </div>
      </section>
    </main>
  );
}

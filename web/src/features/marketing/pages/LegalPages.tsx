/**
 * /privacy and /terms: the privacy policy and the terms of use the demo form's consent names
 * (shared/content/legal.ts): the page hero, then each section as a heading with its paragraphs and list, plain
 * text, prerendered. One module for both (kept out of the marketing pages' shared chunk), so the other pages
 * carry no byte of it.
 */
import { Link } from 'react-router-dom';
import { brand } from '@shared/content/brand';
import { privacyPolicy, terms, type LegalPage } from '@shared/content/legal';
import { PageHero } from '../components/Section';

function LegalText({ page, id, other }: { page: LegalPage; id: string; other: { path: string; label: string } }) {
  return (
    <main id="main">
      <PageHero titleId={`${id}-title`} eyebrow={`Last updated ${page.updated}`} title={page.title} subtitle={page.intro} />
      <section className="section section-plain legal" aria-label={page.title}>
        <div className="container prose">
          {page.sections.map((section, i) => (
            <section key={section.heading} aria-labelledby={`${id}-section-${i}`}>
              <h2 id={`${id}-section-${i}`}>{section.heading}</h2>
              {section.paragraphs?.map((text) => <p key={text}>{text}</p>)}
              {section.items ? (
                <ul>
                  {section.items.map((text) => (
                    <li key={text}>{text}</li>
                  ))}
                </ul>
              ) : null}
            </section>
          ))}
          <p>
            Write to us: <a href={`mailto:${brand.email}`}>{brand.email}</a>. See also our <Link to={other.path}>{other.label}</Link>.
          </p>
        </div>
      </section>
    </main>
  );
}

export function PrivacyPage() {
  return <LegalText page={privacyPolicy} id="privacy" other={{ path: '/terms', label: 'terms of use' }} />;
}

export function TermsPage() {
  return <LegalText page={terms} id="terms" other={{ path: '/privacy', label: 'privacy policy' }} />;
}

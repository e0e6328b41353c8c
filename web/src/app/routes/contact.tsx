/** /contact: the marketing page with the lead-capture feature's message form in its slot. */
import { lazy, Suspense } from 'react';
import ContactPage from '../../features/marketing/pages/ContactPage';

// Lazy: the form library and validation load after the page is interactive; the prerendered HTML has the form.
// Requested as soon as this route's code runs, in parallel with rendering the page around it.
const ContactFormModule = import('../../features/lead-capture/components/ContactForm');
const ContactForm = lazy(() => ContactFormModule);

export default function ContactRoute() {
  return (
    <ContactPage
      form={
        <Suspense fallback={null}>
          <ContactForm />
        </Suspense>
      }
    />
  );
}

/**
 * The message form on /contact (spec 000_87e5fbf87b6c3f39.txt §3, 5 and 8), composed into the Contact page by the app layer and
 * prerendered with it. Idle, then submitting ('Sending...', disabled), then success (toast, reset) or failure
 * (destructive toast, the form kept).
 */
import { useForm } from 'react-hook-form';
import type * as z from '@shared/contract/schemas/zod';
import { HONEYPOT_FIELD, emptyContactForm, industries, teamSizes } from '@shared/contract/forms';
import type { ContactMessage, contactMessageSchema } from '@shared/contract/schemas/contact-message';
import { fieldBinder } from '../../../components/form/field-binder';
import { Checkbox, Honeypot, Select, TextArea, TextInput } from '../../../components/form/fields';
import { lazyResolver } from '../../../components/form/lazy-resolver';
import { useSubmission } from '../../../components/form/useSubmission';
import { useHydrated } from '../../../lib/hydration';
import { createContactMessage } from '../api/create-contact-message';
import '../lead-capture.css';

type FormInput = z.input<typeof contactMessageSchema>;
const fieldNames = Object.keys(emptyContactForm) as (keyof ContactMessage)[];
const { resolver, loadOnFocus } = lazyResolver(() => import('./validation').then((m) => m.contactMessageResolver));

export default function ContactForm() {
  const hydrated = useHydrated();
  const { register, handleSubmit, reset, setError, formState: { errors } } = useForm<FormInput, unknown, ContactMessage>({
    resolver,
    defaultValues: emptyContactForm as FormInput,
  });
  const field = fieldBinder(register, errors);
  const { submitting, submit } = useSubmission<ContactMessage>({
    send: createContactMessage,
    successToast: { title: 'Message sent successfully!', description: "We'll get back to you as soon as possible." },
    fieldNames,
    onFieldError: (name, message) => setError(name as keyof ContactMessage, { message }),
    onSuccess: () => reset(emptyContactForm as FormInput),
  });

  return (
    <section className="lead-contact card" aria-labelledby="contact-form-title">
      <h2 id="contact-form-title">Send us a message</h2>
      <form
        className="lead-form"
        ref={loadOnFocus}
        onSubmit={(e) => void handleSubmit((message) => submit(message))(e)}
        noValidate
        aria-labelledby="contact-form-title"
      >
        <TextInput id="contact-name" label="Name" autoComplete="name" {...field('name')} />
        <TextInput id="contact-email" label="Email" type="email" autoComplete="email" {...field('email')} />
        <TextInput id="contact-phone" label="Phone" type="tel" autoComplete="tel" {...field('phone')} />
        <TextInput id="contact-company" label="Company" autoComplete="organization" {...field('company')} />
        <Select id="contact-industry" label="Industry" placeholder="Select your industry" options={industries} {...field('industry')} />
        <Select id="contact-team-size" label="Team Size" placeholder="Select team size" options={teamSizes} {...field('teamSize')} />
        <TextInput id="contact-subject" label="Subject" {...field('subject')} wide />
        <TextArea id="contact-message" label="Message" rows={6} {...field('message')} />
        <Honeypot id="contact-website" registration={register(HONEYPOT_FIELD)} />
        <Checkbox id="contact-newsletter" label="Subscribe to our newsletter for AI automation tips and updates" registration={register('newsletter')} />
        <div className="lead-actions">
          <button type="submit" className="button button-primary button-block" disabled={submitting || !hydrated}>
            {submitting ? 'Sending...' : 'Send Message'}
          </button>
        </div>
      </form>
    </section>
  );
}

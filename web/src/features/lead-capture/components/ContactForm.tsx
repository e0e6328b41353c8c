/** Placeholder: the contact form on /contact, composed into the Contact page by the app layer. */
export default function ContactForm() {
  return <section aria-labelledby="contact-form-title"><h2 id="contact-form-title">Send us a message</h2></section>;
}

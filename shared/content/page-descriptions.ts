/**
 * Each page's description (`<meta name="description">`, og:description), apart from the page list (./site.ts) that
 * every page's first load carries: only a page's head needs it. The prerender writes it into each page's HTML; the
 * browser loads this module on its first client-side navigation (web/src/app/head.ts). About 1 KB gzip.
 */
import { pages, type PageName } from './site';

export const pageDescriptions = {
  home: 'Cadence AI designs, builds and runs custom AI agents for lead qualification, customer support, email and social media. Book a free 30-45 minute demo.',
  services: 'One AI agent package: $800 setup plus $200 per month per agent, with a 3-week discovery phase, a 2-week optimization phase and dedicated support.',
  ideaHub: 'Tell us about the AI app your business needs. Ideas are kept confidential and reviewed only by our internal team.',
  marketplace: 'Ready-made AI apps for a one-time price: a system prompt generator, a content generator and a customer support bot.',
  about: 'Human-centered, ethical and results-driven: how Cadence AI builds AI agents that businesses can trust.',
  contact: 'Send us a message or book a free demo. We reply within 24 hours.',
  auth: 'Sign in, create an account or reset your password.',
  profile: 'Your Cadence AI account.',
  updatePassword: 'Choose a new password for your account.',
  success: 'Thank you for your purchase.',
  paymentSuccess: 'Thank you for your purchase.',
  cancel: 'Your payment has been canceled.',
  paymentCanceled: 'Your payment has been canceled.',
  quickCheckout: 'Fallback checkout simulator.',
  promptStudio: 'Answer a few questions about your business and get an AI system prompt written for it, in versions you can compare, restore, edit and download.',
  privacy: 'What our forms collect, where it goes, how long we keep it, and how to get it exported or erased.',
  terms: 'The terms for demos, the Idea Hub, marketplace purchases and accounts.',
  staff: 'Staff console.',
  staffInbox: 'Staff console.',
  staffSubmission: 'Staff console.',
  staffPeople: 'Staff console.',
  staffCalendar: 'Staff console.',
  book: 'Pick the time of your free demo with Cadence AI, in your own time zone.',
  bookCancel: 'Cancel your demo with Cadence AI.',
} as const satisfies Record<PageName, string>;

export const notFoundDescription = 'The page you are looking for does not exist. Return to the Cadence AI home page.';

/** The description of the page at `path`; the not-found page's for any other path. */
export function descriptionOf(path: string | undefined): string {
  const name = (Object.keys(pages) as PageName[]).find((n) => pages[n].path === path);
  return name ? pageDescriptions[name] : notFoundDescription;
}

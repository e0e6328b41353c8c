/**
 * The site's pages: the one list behind the router's paths, the header links, prerendering, the sitemap,
 * robots.txt and the hosting rewrites (CloudFront). Screens are attached to these paths in web/src/app.
 */
export interface PageDef {
  readonly path: string;
  readonly title: string;
  readonly description: string;
  /** Rendered to its own HTML file at build time (marketing content, no auth state). */
  readonly prerender: boolean;
  /** Label in the header navigation, if linked there. */
  readonly nav?: string;
  /** Listed in sitemap.xml. */
  readonly indexable: boolean;
}

export const pages = {
  home: { path: '/', nav: 'Home', title: 'Cadence AI: custom AI agents for growing businesses', description: 'Cadence AI designs, builds and runs custom AI agents for lead qualification, customer support, email and social media. Book a free 30-45 minute demo.', prerender: true, indexable: true },
  services: { path: '/services', nav: 'Services', title: 'Services: the AI agent package | Cadence AI', description: 'One AI agent package: $800 setup plus $200 per month per agent, with a 3-week discovery phase, a 2-week optimization phase and dedicated support.', prerender: true, indexable: true },
  ideaHub: { path: '/idea-hub', nav: 'Idea Hub', title: 'Idea Hub: submit your app idea | Cadence AI', description: 'Tell us about the AI app your business needs. Ideas are kept confidential and reviewed only by our internal team.', prerender: true, indexable: true },
  marketplace: { path: '/marketplace', nav: 'Marketplace', title: 'AI Apps Marketplace | Cadence AI', description: 'Ready-made AI apps for a one-time price: a system prompt generator, a content generator and a customer support bot.', prerender: true, indexable: true },
  about: { path: '/about', nav: 'About', title: 'About us | Cadence AI', description: 'Human-centered, ethical and results-driven: how Cadence AI builds AI agents that businesses can trust.', prerender: true, indexable: true },
  contact: { path: '/contact', nav: 'Contact', title: 'Contact us | Cadence AI', description: 'Send us a message or book a free demo. We reply within 24 hours.', prerender: true, indexable: true },
  auth: { path: '/auth', title: 'Sign in | Cadence AI', description: 'Sign in, create an account or reset your password.', prerender: false, indexable: false },
  profile: { path: '/profile', title: 'My Profile | Cadence AI', description: 'Your Cadence AI account.', prerender: false, indexable: false },
  updatePassword: { path: '/update-password', title: 'Set a new password | Cadence AI', description: 'Choose a new password for your account.', prerender: false, indexable: false },
  success: { path: '/success', title: 'Payment successful | Cadence AI', description: 'Thank you for your purchase.', prerender: false, indexable: false },
  paymentSuccess: { path: '/payment-success', title: 'Payment successful | Cadence AI', description: 'Thank you for your purchase.', prerender: false, indexable: false },
  cancel: { path: '/cancel', title: 'Payment canceled | Cadence AI', description: 'Your payment has been canceled.', prerender: false, indexable: false },
  paymentCanceled: { path: '/payment-canceled', title: 'Payment canceled | Cadence AI', description: 'Your payment has been canceled.', prerender: false, indexable: false },
  quickCheckout: { path: '/quick-checkout', title: 'Quick Checkout | Cadence AI', description: 'Fallback checkout simulator.', prerender: false, indexable: false },
  privacy: { path: '/privacy', title: 'Privacy policy | Cadence AI', description: 'What our forms collect, where it goes, how long we keep it, and how to get it exported or erased.', prerender: true, indexable: true },
  terms: { path: '/terms', title: 'Terms of use | Cadence AI', description: 'The terms for demos, the Idea Hub, marketplace purchases and accounts.', prerender: true, indexable: true },
  // The staff console: signed-in members of the staff group only, rendered in the browser.
  staff: { path: '/staff', title: 'Leads inbox | Cadence AI', description: 'Staff console.', prerender: false, indexable: false },
  staffSubmission: { path: '/staff/submission', title: 'Submission | Cadence AI', description: 'Staff console.', prerender: false, indexable: false },
  staffPeople: { path: '/staff/people', title: "A person's data | Cadence AI", description: 'Staff console.', prerender: false, indexable: false },
} as const satisfies Record<string, PageDef>;

export type PageName = keyof typeof pages;

/** The footer's legal links (the pages the demo form's consent names). */
export const legalPages = [pages.privacy, pages.terms];

/** Header links in order (spec 000_87e5fbf87b6c3f39.txt §2). */
export const navPages = [pages.home, pages.services, pages.ideaHub, pages.marketplace, pages.about, pages.contact];

export const notFoundTitle = 'Page not found | Cadence AI';

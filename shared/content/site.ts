/**
 * The site's pages: the one list behind the router's paths, the header links, prerendering, the sitemap,
 * robots.txt and the hosting rewrites (CloudFront). Screens are attached to these paths in web/src/app. Each page's
 * description is in ./page-descriptions.ts (only a page's head needs it, and every page's first load carries this list).
 */
export interface PageDef {
  readonly path: string;
  readonly title: string;
  /** Rendered to its own HTML file at build time (marketing content, no auth state). */
  readonly prerender: boolean;
  /** Label in the header navigation, if linked there. */
  readonly nav?: string;
  /** Listed in sitemap.xml. */
  readonly indexable: boolean;
}

export const pages = {
  home: { path: '/', nav: 'Home', title: 'Cadence AI: custom AI agents for growing businesses', prerender: true, indexable: true },
  services: { path: '/services', nav: 'Services', title: 'Services: the AI agent package | Cadence AI', prerender: true, indexable: true },
  ideaHub: { path: '/idea-hub', nav: 'Idea Hub', title: 'Idea Hub: submit your app idea | Cadence AI', prerender: true, indexable: true },
  marketplace: { path: '/marketplace', nav: 'Marketplace', title: 'AI Apps Marketplace | Cadence AI', prerender: true, indexable: true },
  about: { path: '/about', nav: 'About', title: 'About us | Cadence AI', prerender: true, indexable: true },
  contact: { path: '/contact', nav: 'Contact', title: 'Contact us | Cadence AI', prerender: true, indexable: true },
  auth: { path: '/auth', title: 'Sign in | Cadence AI', prerender: false, indexable: false },
  profile: { path: '/profile', title: 'My Profile | Cadence AI', prerender: false, indexable: false },
  updatePassword: { path: '/update-password', title: 'Set a new password | Cadence AI', prerender: false, indexable: false },
  success: { path: '/success', title: 'Payment successful | Cadence AI', prerender: false, indexable: false },
  paymentSuccess: { path: '/payment-success', title: 'Payment successful | Cadence AI', prerender: false, indexable: false },
  cancel: { path: '/cancel', title: 'Payment canceled | Cadence AI', prerender: false, indexable: false },
  paymentCanceled: { path: '/payment-canceled', title: 'Payment canceled | Cadence AI', prerender: false, indexable: false },
  quickCheckout: { path: '/quick-checkout', title: 'Quick Checkout | Cadence AI', prerender: false, indexable: false },
  // The customization form after payment (issue 40): `?session=<Checkout session>[&as=account]`.
  promptStudio: { path: '/prompt-studio', title: 'Tailor your prompt | Cadence AI', prerender: false, indexable: false },
  privacy: { path: '/privacy', title: 'Privacy policy | Cadence AI', prerender: true, indexable: true },
  terms: { path: '/terms', title: 'Terms of use | Cadence AI', prerender: true, indexable: true },
  // The staff console: signed-in members of the staff group only, rendered in the browser.
  staff: { path: '/staff', title: 'Overview | Cadence AI', prerender: false, indexable: false },
  staffInbox: { path: '/staff/inbox', title: 'Leads inbox | Cadence AI', prerender: false, indexable: false },
  staffSubmission: { path: '/staff/submission', title: 'Submission | Cadence AI', prerender: false, indexable: false },
  staffPeople: { path: '/staff/people', title: "A person's data | Cadence AI", prerender: false, indexable: false },
  staffCalendar: { path: '/staff/calendar', title: 'Demo calendar | Cadence AI', prerender: false, indexable: false },
  // The visitor's booking links (issue 41): reached from their mails, never indexed.
  book: { path: '/book', title: 'Pick your demo time | Cadence AI', prerender: false, indexable: false },
  bookCancel: { path: '/book/cancel', title: 'Cancel your demo | Cadence AI', prerender: false, indexable: false },
} as const satisfies Record<string, PageDef>;

export type PageName = keyof typeof pages;

/** The footer's legal links (the pages the demo form's consent names). */
export const legalPages = [pages.privacy, pages.terms];

/** Header links in order (spec 000_87e5fbf87b6c3f39.txt §2). */
export const navPages = [pages.home, pages.services, pages.ideaHub, pages.marketplace, pages.about, pages.contact];

export const notFoundTitle = 'Page not found | Cadence AI';

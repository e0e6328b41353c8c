/**
 * The browser-facing API: every route's method, path, who may call it and how large a body it takes. The web
 * app calls these paths; the deployment manifest (shared/deployment/manifest.ts) binds each route to the function
 * that serves it and to its throttle, for API Gateway and the local API alike.
 */

export interface RouteDef {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Same path deployed (API Gateway behind CloudFront) and locally (infra/local/api-gateway.ts). */
  readonly path: `/api/${string}`;
  /**
   * `user`: behind the JWT authorizer (Cognito access token); `staff`: the same, and the token's `cognito:groups`
   * claim must name the staff group (checked by the handler, lambdas/lib/http.ts); `public`: no authorizer.
   */
  readonly access: 'public' | 'user' | 'staff';
  /** Larger bodies are answered 413 before the handler parses them. */
  readonly maxBodyBytes: number;
}

const KB = 1024;

export const routes = {
  createUploads: { method: 'POST', path: '/api/uploads', access: 'public', maxBodyBytes: 16 * KB },
  createDemoRequest: { method: 'POST', path: '/api/demo-requests', access: 'public', maxBodyBytes: 64 * KB },
  createContactMessage: { method: 'POST', path: '/api/contact-messages', access: 'public', maxBodyBytes: 64 * KB },
  // GET with `?key=attachments/...`: the mail links here instead of to S3, because a presigned URL dies with the
  // signing Lambda's temporary credentials (hours), while the links must work for 7 days.
  openAttachment: { method: 'GET', path: '/api/attachments', access: 'public', maxBodyBytes: 1 * KB },
  createIdea: { method: 'POST', path: '/api/ideas', access: 'public', maxBodyBytes: 64 * KB },
  createPayment: { method: 'POST', path: '/api/create-payment', access: 'public', maxBodyBytes: 8 * KB },
  stripeWebhook: { method: 'POST', path: '/api/stripe-webhook', access: 'public', maxBodyBytes: 256 * KB },
  getPrompt: { method: 'POST', path: '/api/prompts', access: 'public', maxBodyBytes: 8 * KB },
  getProfile: { method: 'GET', path: '/api/profile', access: 'user', maxBodyBytes: 1 * KB },
  updateProfile: { method: 'PUT', path: '/api/profile', access: 'user', maxBodyBytes: 4 * KB },
  // The staff console (/staff): members of the Cognito group `staff` only. Inputs: shared/contract/schemas/staff-console.ts.
  // The console's first screen: the overview's figures (shared/contract/staff-overview.ts).
  getOverview: { method: 'GET', path: '/api/staff/overview', access: 'staff', maxBodyBytes: 1 * KB },
  listSubmissions: { method: 'GET', path: '/api/staff/submissions', access: 'staff', maxBodyBytes: 1 * KB },
  getSubmission: { method: 'GET', path: '/api/staff/submission', access: 'staff', maxBodyBytes: 1 * KB },
  updateSubmission: { method: 'POST', path: '/api/staff/submission', access: 'staff', maxBodyBytes: 8 * KB },
  sendDeliveryAgain: { method: 'POST', path: '/api/staff/deliveries', access: 'staff', maxBodyBytes: 2 * KB },
  sendToWebhook: { method: 'POST', path: '/api/staff/webhook', access: 'staff', maxBodyBytes: 2 * KB },
  exportSubmissions: { method: 'POST', path: '/api/staff/exports', access: 'staff', maxBodyBytes: 4 * KB },
  findPerson: { method: 'GET', path: '/api/staff/people', access: 'staff', maxBodyBytes: 1 * KB },
  exportPerson: { method: 'POST', path: '/api/staff/people/export', access: 'staff', maxBodyBytes: 2 * KB },
  erasePerson: { method: 'POST', path: '/api/staff/people/erase', access: 'staff', maxBodyBytes: 2 * KB },
  // Purchases that follow the buyer (issue 21). The success screen confirms the Checkout session it came back
  // with: the server checks it with its own webhook record or with Stripe, and ties the purchase to this browser
  // (an httpOnly cookie), so a shared session id is no key to the prompt.
  confirmCheckout: { method: 'POST', path: '/api/checkout-confirmations', access: 'public', maxBodyBytes: 4 * KB },
  // Buy Now while signed in: the same request as createPayment, with the buyer known from the verified token.
  createAccountPayment: { method: 'POST', path: '/api/account/payments', access: 'user', maxBodyBytes: 8 * KB },
  listAccountPurchases: { method: 'GET', path: '/api/account/purchases', access: 'user', maxBodyBytes: 1 * KB },
  // A purchase made signed out, added to the account: proven by the Checkout session, never by the id alone.
  addAccountPurchase: { method: 'POST', path: '/api/account/purchases', access: 'user', maxBodyBytes: 4 * KB },
  // Get prompt for a purchase of the account, from any device.
  getAccountPrompt: { method: 'POST', path: '/api/account/prompts', access: 'user', maxBodyBytes: 8 * KB },
  // A Stripe customer portal session for the subscriber's own customer.
  openBillingPortal: { method: 'POST', path: '/api/account/billing-portal', access: 'user', maxBodyBytes: 4 * KB },
  // The prompt studio (issue 40): the customization form after payment, its versions and files, for the browser
  // that paid (schemas: shared/contract/schemas/prompt-studio/requests.ts) ...
  openPromptStudio: { method: 'POST', path: '/api/prompt-studio', access: 'public', maxBodyBytes: 4 * KB },
  keepPromptAnswers: { method: 'PUT', path: '/api/prompt-studio/answers', access: 'public', maxBodyBytes: 64 * KB },
  // A hand-edited prompt of up to 60,000 characters, each up to 3 bytes of UTF-8 and escaped in JSON.
  createPromptVersion: { method: 'POST', path: '/api/prompt-studio/versions', access: 'public', maxBodyBytes: 256 * KB },
  downloadPromptFile: { method: 'POST', path: '/api/prompt-studio/files', access: 'public', maxBodyBytes: 4 * KB },
  // ... and the same for a purchase in the signed-in account, on any device.
  openAccountPromptStudio: { method: 'POST', path: '/api/account/prompt-studio', access: 'user', maxBodyBytes: 4 * KB },
  keepAccountPromptAnswers: { method: 'PUT', path: '/api/account/prompt-studio/answers', access: 'user', maxBodyBytes: 64 * KB },
  createAccountPromptVersion: { method: 'POST', path: '/api/account/prompt-studio/versions', access: 'user', maxBodyBytes: 256 * KB },
  downloadAccountPromptFile: { method: 'POST', path: '/api/account/prompt-studio/files', access: 'user', maxBodyBytes: 4 * KB },
  // Booking a demo (issue 41): the visitor's page, reached through the links of their mails (a request's id and the
  // link's token), and a staff member's private calendar feed (a secret token, revocable).
  getBookingSlots: { method: 'GET', path: '/api/bookings/slots', access: 'public', maxBodyBytes: 1 * KB },
  bookDemo: { method: 'POST', path: '/api/bookings', access: 'public', maxBodyBytes: 2 * KB },
  cancelDemo: { method: 'POST', path: '/api/bookings/cancel', access: 'public', maxBodyBytes: 1 * KB },
  calendarFeed: { method: 'GET', path: '/api/calendar-feed', access: 'public', maxBodyBytes: 1 * KB },
  // The staff's calendar: day and week views, a lead's booking, moving or cancelling it, the availability, the feed.
  listBookings: { method: 'GET', path: '/api/staff/bookings', access: 'staff', maxBodyBytes: 1 * KB },
  getBooking: { method: 'GET', path: '/api/staff/booking', access: 'staff', maxBodyBytes: 1 * KB },
  changeBooking: { method: 'POST', path: '/api/staff/booking', access: 'staff', maxBodyBytes: 2 * KB },
  getBookingSettings: { method: 'GET', path: '/api/staff/booking-settings', access: 'staff', maxBodyBytes: 1 * KB },
  updateBookingSettings: { method: 'POST', path: '/api/staff/booking-settings', access: 'staff', maxBodyBytes: 16 * KB },
  manageCalendarFeed: { method: 'POST', path: '/api/staff/calendar-feed', access: 'staff', maxBodyBytes: 1 * KB },
} as const satisfies Record<string, RouteDef>;

export type RouteName = keyof typeof routes;

/** Whether a route needs a signed-in caller (a `user` or `staff` route): the web sends the access token, the API checks it. */
export const needsSignIn = (route: Pick<RouteDef, 'access'>): boolean => route.access !== 'public';

/** The function and throttle behind each route of the API contract, the per-client limits and the origin check (part of the deployment manifest, shared/deployment/manifest.ts). */
import { routes, type RouteDef, type RouteName } from '../../contract/api';
import type { FunctionName } from './functions';

// ---------------------------------------------------------------------------------------------------------
// API routes: the contract's routes (shared/contract/api.ts) bound to functions (HTTP API, payload format 2.0)
// ---------------------------------------------------------------------------------------------------------

/**
 * The per-client limits (one client = one IP address): every route is counted by exactly one of them. Deployed,
 * each is one AWS WAF rate-based rule on the distribution, scoped to its routes; locally the local API keeps one
 * count per client for each. See `ClientLimits` for the numbers.
 */
export type ClientLimitClass = 'writes' | 'reads' | 'stripeWebhook';

/** How a route of the browser-facing API (shared/contract/api.ts) is served: by which function, throttled how. */
export interface RouteBinding {
  readonly fn: FunctionName;
  /**
   * Requests per second and burst for all callers together, enforced by API Gateway deployed and by the local API
   * server. The burst must hold what one client may send under its per-client limit (`routeThrottleProblems`,
   * checked for every stage and the local stack), so one client alone can never empty it.
   */
  readonly throttle: { readonly rate: number; readonly burst: number };
  /**
   * The per-client limit that counts this route. Omitted: `reads` for GET routes, `writes` for every other
   * method; so a new route is limited per client without being listed anywhere.
   */
  readonly clientLimit?: ClientLimitClass;
}

/** A route as deployed: its contract plus its binding. */
export type DeployedRouteDef = RouteDef & RouteBinding;

/**
 * Per-route throttles are a circuit breaker for the whole route (all callers together), set above what one client
 * may send (`ClientLimits`): the per-client limit stops a flood first, so one noisy client cannot use up the
 * route's budget and make every real visitor's request fail with 429. Reads get the same room as forms: a flood of
 * attachment-link or profile reads from one address once made everyone else's read fail.
 */
const formThrottle = { rate: 50, burst: 400 } as const;
const readThrottle = { rate: 50, burst: 400 } as const;

/**
 * A handful of support staff need far less, but the staff routes' writes are write routes like the forms: one
 * client's flood (refused 401/403, yet counted) must meet the per-client limit before it empties the route's budget.
 */
const staffThrottle = formThrottle;

const routeBindings = {
  createUploads: { fn: 'uploads', throttle: formThrottle },
  createDemoRequest: { fn: 'demoRequests', throttle: formThrottle },
  createContactMessage: { fn: 'contactMessages', throttle: formThrottle },
  openAttachment: { fn: 'attachmentLinks', throttle: readThrottle },
  createIdea: { fn: 'ideas', throttle: formThrottle },
  createPayment: { fn: 'createPayment', throttle: formThrottle },
  // Stripe calls from a few shared addresses, in bursts after busy hours, and signs every call: its own limit.
  stripeWebhook: { fn: 'stripeWebhook', throttle: { rate: 50, burst: 400 }, clientLimit: 'stripeWebhook' },
  getPrompt: { fn: 'prompts', throttle: formThrottle },
  getProfile: { fn: 'profile', throttle: readThrottle },
  updateProfile: { fn: 'profile', throttle: formThrottle },
  getOverview: { fn: 'staffOverview', throttle: staffThrottle },
  listSubmissions: { fn: 'staffInbox', throttle: staffThrottle },
  getSubmission: { fn: 'staffInbox', throttle: staffThrottle },
  updateSubmission: { fn: 'staffInbox', throttle: staffThrottle },
  exportSubmissions: { fn: 'staffInbox', throttle: staffThrottle },
  sendDeliveryAgain: { fn: 'staffDeliveries', throttle: staffThrottle },
  sendToWebhook: { fn: 'staffDeliveries', throttle: staffThrottle },
  findPerson: { fn: 'staffPeople', throttle: staffThrottle },
  exportPerson: { fn: 'staffPeople', throttle: staffThrottle },
  erasePerson: { fn: 'staffPeople', throttle: staffThrottle },
  confirmCheckout: { fn: 'purchases', throttle: formThrottle },
  createAccountPayment: { fn: 'createPayment', throttle: formThrottle },
  listAccountPurchases: { fn: 'purchases', throttle: readThrottle },
  addAccountPurchase: { fn: 'purchases', throttle: formThrottle },
  getAccountPrompt: { fn: 'prompts', throttle: formThrottle },
  openBillingPortal: { fn: 'purchases', throttle: formThrottle },
  openPromptStudio: { fn: 'promptStudio', throttle: formThrottle },
  keepPromptAnswers: { fn: 'promptStudio', throttle: formThrottle },
  createPromptVersion: { fn: 'promptStudio', throttle: formThrottle },
  downloadPromptFile: { fn: 'promptStudio', throttle: formThrottle },
  openAccountPromptStudio: { fn: 'promptStudio', throttle: formThrottle },
  keepAccountPromptAnswers: { fn: 'promptStudio', throttle: formThrottle },
  createAccountPromptVersion: { fn: 'promptStudio', throttle: formThrottle },
  downloadAccountPromptFile: { fn: 'promptStudio', throttle: formThrottle },
  getBookingSlots: { fn: 'bookings', throttle: readThrottle },
  bookDemo: { fn: 'bookings', throttle: formThrottle },
  cancelDemo: { fn: 'bookings', throttle: formThrottle },
  calendarFeed: { fn: 'calendarFeed', throttle: readThrottle },
  listBookings: { fn: 'staffBookings', throttle: staffThrottle },
  getBooking: { fn: 'staffBookings', throttle: staffThrottle },
  changeBooking: { fn: 'staffBookings', throttle: staffThrottle },
  getBookingSettings: { fn: 'staffBookings', throttle: staffThrottle },
  updateBookingSettings: { fn: 'staffBookings', throttle: staffThrottle },
  manageCalendarFeed: { fn: 'staffBookings', throttle: staffThrottle },
} as const satisfies Record<RouteName, RouteBinding>;

/** Every route of the contract with the function that serves it: what API Gateway and the local API are built from. */
export const deployedRoutes = Object.fromEntries(
  (Object.keys(routes) as RouteName[]).map((name) => [name, { ...routes[name], ...routeBindings[name] }]),
) as { readonly [K in RouteName]: (typeof routes)[K] & (typeof routeBindings)[K] };

// ---------------------------------------------------------------------------------------------------------
// Per-client limits (one client cannot use up everyone's budget)
// ---------------------------------------------------------------------------------------------------------

/**
 * How much one client (one IP address) may send to the routes of each limit (`ClientLimitClass`). Deployed, an
 * AWS WAF rate-based rule per limit counts per IP over five minutes (WAF's window; its minimum limit is 10);
 * locally the local API counts the same way. More are answered 429 `{"message":"Too many requests"}`.
 */
export interface ClientLimits {
  /**
   * Requests to the write routes (`routesLimitedBy('writes')`: forms, uploads, payments, prompts, the profile update,
   * booking, moving and cancelling a demo). Booking has no limit of its own on purpose: each booking needs a stored
   * demo request, and counted together one address's demo requests and bookings share one budget, where a class of
   * its own would add a second one (and a WAF rule, about 1 USD a month). What one visitor may do to one request or
   * address is limited by the booking rules (lambdas/domain/bookings/book.ts).
   */
  readonly writeRequestsPer5MinPerIp: number;
  /** Requests to the read routes (`routesLimitedBy('reads')`: attachment links, the profile, a booking's free slots, the staff's calendar feed). */
  readonly readRequestsPer5MinPerIp: number;
  /** Requests to Stripe's webhook (signed; Stripe sends from a few shared addresses). */
  readonly stripeWebhookRequestsPer5MinPerIp: number;
}

/** Which limit of `ClientLimits` holds each class's number. */
export const clientLimitSetting: Readonly<Record<ClientLimitClass, keyof ClientLimits>> = {
  writes: 'writeRequestsPer5MinPerIp',
  reads: 'readRequestsPer5MinPerIp',
  stripeWebhook: 'stripeWebhookRequestsPer5MinPerIp',
};

/** The laptop stack's limits (infra/local). Deployed stages set theirs per stage in infra/stages.ts `waf`. */
export const localClientLimits: ClientLimits = {
  writeRequestsPer5MinPerIp: 300,
  readRequestsPer5MinPerIp: 300,
  stripeWebhookRequestsPer5MinPerIp: 300,
};

/** The per-client limit that counts a route: its binding's, else by method (GET: reads; anything else: writes). */
export function clientLimitOf(name: RouteName): ClientLimitClass {
  const binding: RouteBinding = routeBindings[name];
  return binding.clientLimit ?? (routes[name].method === 'GET' ? 'reads' : 'writes');
}

/** The routes one limit counts; every route of the contract is in exactly one. */
export function routesLimitedBy(limit: ClientLimitClass): RouteName[] {
  return (Object.keys(routes) as RouteName[]).filter((name) => clientLimitOf(name) === limit);
}

/** The routes that write or send something, counted by the `writes` limit. */
export const writeRoutes: readonly RouteName[] = routesLimitedBy('writes');

/**
 * Routes whose shared throttle one client could empty under `limits`: a burst smaller than what the client may
 * send to it. Empty when every route's throttle is only a circuit breaker (stageConfig refuses a stage otherwise).
 */
export function routeThrottleProblems(limits: ClientLimits): string[] {
  return (Object.keys(routes) as RouteName[]).flatMap((name) => {
    const setting = clientLimitSetting[clientLimitOf(name)];
    const { burst } = routeBindings[name].throttle;
    return limits[setting] > burst ? [`${name}: its throttle's burst (${burst}) is below ${setting} (${limits[setting]})`] : [];
  });
}

/**
 * The header the CloudFront distribution adds to every request it forwards to the API (and the local API adds
 * the same way). Its value is a per-stage secret; each API function refuses a request without it, so the API's
 * own execute-api address cannot be used to get around the site (and its WAF and headers).
 */
export const originVerifyHeader = 'x-origin-verify';
/** Deployed: the ARN of the Secrets Manager secret holding the expected value (API functions only). */
export const originVerifySecretArnEnv = 'ORIGIN_VERIFY_SECRET_ARN';
/** Local stack: the expected value itself, generated at each start (there is no Secrets Manager). */
export const originVerifyValueEnv = 'ORIGIN_VERIFY_SECRET';

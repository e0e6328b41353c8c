/** The function and throttle behind each route of the API contract, the per-client limits and the origin check (part of the deployment manifest, shared/deployment/manifest.ts). */
import { routes, type RouteDef, type RouteName } from '../../contract/api';
import type { FunctionName } from './functions';

// ---------------------------------------------------------------------------------------------------------
// API routes: the contract's routes (shared/contract/api.ts) bound to functions (HTTP API, payload format 2.0)
// ---------------------------------------------------------------------------------------------------------

/** How a route of the browser-facing API (shared/contract/api.ts) is served: by which function, throttled how. */
export interface RouteBinding {
  readonly fn: FunctionName;
  /** Requests per second and burst, enforced by API Gateway deployed and by the local API server. */
  readonly throttle: { readonly rate: number; readonly burst: number };
}

/** A route as deployed: its contract plus its binding. */
export type DeployedRouteDef = RouteDef & RouteBinding;

/**
 * Per-route throttles are a circuit breaker for the whole route (all callers together), set well above what one
 * client may send (`ClientLimits`): the per-client limit stops a flood first, so one noisy client cannot use up the
 * route's budget and make every real visitor's submission fail with 429.
 */
const formThrottle = { rate: 50, burst: 400 } as const;

/**
 * A handful of support staff need far less, but the staff routes' writes are write routes like the forms: one
 * client's flood (refused 401/403, yet counted) must meet the per-client limit before it empties the route's budget.
 */
const staffThrottle = formThrottle;

const routeBindings = {
  createUploads: { fn: 'uploads', throttle: formThrottle },
  createDemoRequest: { fn: 'demoRequests', throttle: formThrottle },
  createContactMessage: { fn: 'contactMessages', throttle: formThrottle },
  openAttachment: { fn: 'attachmentLinks', throttle: { rate: 5, burst: 20 } },
  createIdea: { fn: 'ideas', throttle: formThrottle },
  createPayment: { fn: 'createPayment', throttle: formThrottle },
  stripeWebhook: { fn: 'stripeWebhook', throttle: { rate: 50, burst: 100 } },
  getPrompt: { fn: 'prompts', throttle: formThrottle },
  getProfile: { fn: 'profile', throttle: { rate: 20, burst: 40 } },
  updateProfile: { fn: 'profile', throttle: { rate: 10, burst: 400 } },
  listSubmissions: { fn: 'staffInbox', throttle: staffThrottle },
  getSubmission: { fn: 'staffInbox', throttle: staffThrottle },
  updateSubmission: { fn: 'staffInbox', throttle: staffThrottle },
  exportSubmissions: { fn: 'staffInbox', throttle: staffThrottle },
  sendDeliveryAgain: { fn: 'staffDeliveries', throttle: staffThrottle },
  sendToWebhook: { fn: 'staffDeliveries', throttle: staffThrottle },
  findPerson: { fn: 'staffPeople', throttle: staffThrottle },
  exportPerson: { fn: 'staffPeople', throttle: staffThrottle },
  erasePerson: { fn: 'staffPeople', throttle: staffThrottle },
} as const satisfies Record<RouteName, RouteBinding>;

/** Every route of the contract with the function that serves it: what API Gateway and the local API are built from. */
export const deployedRoutes = Object.fromEntries(
  (Object.keys(routes) as RouteName[]).map((name) => [name, { ...routes[name], ...routeBindings[name] }]),
) as { readonly [K in RouteName]: (typeof routes)[K] & (typeof routeBindings)[K] };

// ---------------------------------------------------------------------------------------------------------
// Per-client limits (one client cannot use up everyone's budget)
// ---------------------------------------------------------------------------------------------------------

/**
 * How much one client (one IP address) may send. Deployed, an AWS WAF rate-based rule counts per IP over five
 * minutes (WAF's window; its minimum limit is 10); locally the local API counts the same way.
 */
export interface ClientLimits {
  /** Requests to the write routes (`writeRoutes`) one IP may make in any five minutes; more are answered 429. */
  readonly writeRequestsPer5MinPerIp: number;
}

/** The laptop stack's limits (infra/local). Deployed stages set theirs per stage in infra/stages.ts `waf`. */
export const localClientLimits: ClientLimits = { writeRequestsPer5MinPerIp: 300 };

/**
 * The routes the per-client limit covers: every route that writes or sends something. Stripe's webhook is left
 * out: Stripe calls from a few shared addresses, in bursts after busy hours, and every call is signed.
 */
export const writeRoutes: readonly RouteName[] = (Object.keys(routes) as RouteName[]).filter(
  (name) => routes[name].method !== 'GET' && name !== 'stripeWebhook',
);

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

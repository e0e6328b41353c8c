/**
 * One load run with autocannon: `amount` requests to one path at `connections` concurrency, each with its own
 * body and `idempotency-key`, spread over simulated clients by X-Forwarded-For. Records every answer (status,
 * the id it named, latency) so the bench can prove afterwards what became of each one.
 */
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { routes, type RouteName } from '@shared/contract/api';
import { deployedRoutes } from '@shared/deployment/manifest';
import { IDEMPOTENCY_HEADER } from '@shared/contract/http';
import { contactMessageSchema, type ContactMessage } from '@shared/contract/schemas/contact-message';
import { demoRequestSchema, type DemoRequest } from '@shared/contract/schemas/demo-request';
import { ideaRequestSchema, type IdeaRequest } from '@shared/contract/schemas/idea';

/** The part of autocannon's API the bench uses (the package ships no types). */
interface AutocannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
}
interface AutocannonContext {
  key?: string;
}
interface AutocannonInstance {
  on(event: 'response', listener: (client: unknown, status: number, bytes: number, ms: number) => void): void;
  stop(): void;
}
interface AutocannonResult {
  errors: number;
}
type Autocannon = (
  opts: Record<string, unknown>,
  done: (error: Error | null, result: AutocannonResult) => void,
) => AutocannonInstance;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

export type FormEndpoint = 'demo' | 'contact' | 'idea';

const formRouteNames = { demo: 'createDemoRequest', contact: 'createContactMessage', idea: 'createIdea' } as const satisfies Record<FormEndpoint, RouteName>;

export const formRoutes = {
  demo: routes[formRouteNames.demo],
  contact: routes[formRouteNames.contact],
  idea: routes[formRouteNames.idea],
} as const;

/**
 * Each form route's throttle (`deployedRoutes[].throttle`: API Gateway's deployed, the local API's the same) is a
 * circuit breaker for all callers together, a bucket of `burst` requests refilled at `rate` a second. A run of
 * more posts than the bucket holds meets 429s that measure the breaker, not the stack (deployed too). So before
 * each run the bench waits until the route's bucket, as the bench itself has spent it, holds the run's posts.
 */
class RouteBudget {
  private tokens: number;
  private last = performance.now();

  constructor(readonly throttle: { readonly rate: number; readonly burst: number }) {
    this.tokens = throttle.burst;
  }

  /** Waits until `amount` posts fit, then spends them; answers the milliseconds waited. */
  async spend(amount: number): Promise<number> {
    const refill = () => {
      const now = performance.now();
      this.tokens = Math.min(this.throttle.burst, this.tokens + ((now - this.last) / 1000) * this.throttle.rate);
      this.last = now;
    };
    refill();
    const waitMs = Math.max(0, ((Math.min(amount, this.throttle.burst) - this.tokens) / this.throttle.rate) * 1000);
    if (waitMs > 0) await new Promise((r) => setTimeout(r, waitMs));
    refill();
    this.tokens -= amount;
    return waitMs;
  }
}

const routeBudgets = Object.fromEntries(
  (Object.keys(formRouteNames) as FormEndpoint[]).map((e) => [e, new RouteBudget(deployedRoutes[formRouteNames[e]].throttle)]),
) as Record<FormEndpoint, RouteBudget>;

/** The throttle of a form's route. */
export const routeThrottle = (endpoint: FormEndpoint) => routeBudgets[endpoint].throttle;

/** Waits until the route's throttle has room for `amount` posts (see RouteBudget); answers the milliseconds waited. */
export function waitForRouteBudget(endpoint: FormEndpoint, amount: number): Promise<number> {
  return routeBudgets[endpoint].spend(amount);
}

/** A valid body of each form, unique by its e-mail address (`marker`), checked against the shared schema. */
export function formBody(endpoint: FormEndpoint, marker: string, n: number): DemoRequest | ContactMessage | IdeaRequest {
  const email = `${marker}@example.com`;
  const message = `Load bench submission ${n}: we would like to automate our lead qualification.`;
  switch (endpoint) {
    case 'demo':
      return demoRequestSchema.parse({
        name: `Bench Visitor ${n}`,
        email,
        phone: '+1 555 010 0000',
        company: 'Bench Co',
        jobTitle: 'Head of Operations',
        teamSize: '11-50',
        interests: ['sdr', 'support'],
        message,
        preferredTime: 'morning',
        consent: true,
        files: [],
      });
    case 'contact':
      return contactMessageSchema.parse({
        name: `Bench Visitor ${n}`,
        email,
        phone: '+1 555 010 0000',
        company: 'Bench Co',
        industry: 'technology',
        teamSize: '11-50',
        subject: `Load bench ${n}`,
        message,
        newsletter: false,
      });
    case 'idea':
      return ideaRequestSchema.parse({
        title: `Bench idea ${n}`,
        description: message,
        targetUsers: 'Sales teams',
        businessType: 'Technology',
        budget: 'Not sure yet',
        fullName: `Bench Visitor ${n}`,
        email,
        phone: '+1 555 010 0000',
        files: [],
      });
  }
}

export interface Answer {
  endpoint: string;
  /** The idempotency key sent (= the submission id the API answers); empty for static requests. */
  key: string;
  /** The address the request claimed in X-Forwarded-For. */
  client: string;
  /** The e-mail address of the body sent (each body's is unique), if any. */
  email?: string;
  status: number;
  ms: number;
}

export interface RunResult {
  answers: Answer[];
  /** Requests sent that got no answer (timeouts, broken connections). */
  unanswered: number;
  seconds: number;
}

export interface RunOptions {
  baseUrl: string;
  endpoint: string;
  method: 'GET' | 'POST';
  path: string;
  amount: number;
  connections: number;
  timeoutSeconds: number;
  /** X-Forwarded-For of the n-th request (undefined: none). */
  client: (n: number) => string | undefined;
  /** Body of the n-th request (undefined: none); a POST carries a fresh idempotency key. */
  body?: (n: number) => unknown;
}

export function runLoad(opts: RunOptions): Promise<RunResult> {
  let sent = 0;
  const answers: Answer[] = [];
  // onResponse (per request) and the instance's 'response' event (with the latency) fire back to back for the
  // same answer, so the first leaves its answer here for the second.
  let last: Answer | undefined;
  const sentWith = new Map<string, { client: string; email?: string }>();
  const started = performance.now();
  // Throughput counts to the last answer: autocannon reports `done` on its one-second tick, up to a second later.
  let lastAnswerAt = started;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: opts.baseUrl,
        connections: Math.min(opts.connections, opts.amount),
        amount: opts.amount,
        timeout: opts.timeoutSeconds,
        requests: [
          {
            method: opts.method,
            path: opts.path,
            setupRequest(request: AutocannonRequest, context: AutocannonContext) {
              const n = sent++;
              const key = opts.method === 'POST' ? randomUUID() : `static-${n}`;
              context.key = key;
              const headers: Record<string, string> = {};
              const client = opts.client(n);
              if (client) headers['x-forwarded-for'] = client;
              const body = opts.body?.(n);
              sentWith.set(key, { client: client ?? '', email: (body as { email?: string } | undefined)?.email });
              if (body !== undefined) {
                headers['content-type'] = 'application/json';
                headers[IDEMPOTENCY_HEADER] = key;
              }
              return { ...request, headers, body: body === undefined ? undefined : JSON.stringify(body) };
            },
            onResponse(status: number, _body: string, context: AutocannonContext) {
              const key = context.key ?? '';
              last = { endpoint: opts.endpoint, key, client: '', ...sentWith.get(key), status, ms: 0 };
            },
          },
        ],
      },
      (error, result) => {
        if (error) {
          reject(error);
          return;
        }
        resolve({ answers, unanswered: result.errors, seconds: (lastAnswerAt - started) / 1000 });
      },
    );
    instance.on('response', (_client, status, _bytes, ms) => {
      answers.push(last ? { ...last, ms } : { endpoint: opts.endpoint, key: '', client: '', status, ms });
      last = undefined;
      lastAnswerAt = performance.now();
    });
  });
}

/** The p-th percentile (0-100) of a list of numbers, nearest-rank. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] as number;
}

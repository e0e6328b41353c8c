/**
 * The local API's limits: API Gateway's per-route throttle (a token bucket) and, in front of it, the WAF's
 * per-client rate-based rules, one per limit of shared/deployment/manifest.ts `ClientLimits` (every route is counted by one).
 */
import type { IncomingMessage } from 'node:http';

/** Token bucket per route: `burst` requests at once, refilled at `rate` per second (API Gateway's model). */
export class TokenBucket {
  private tokens: number;
  private last = Date.now();

  constructor(
    private readonly rate: number,
    private readonly burst: number,
  ) {
    this.tokens = burst;
  }

  take(now = Date.now()): boolean {
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.rate);
    this.last = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

/** WAF's rate-based rules count over five minutes. */
export const clientWindowMs = 5 * 60 * 1000;

/**
 * Requests per client in fixed five-minute windows (WAF counts a sliding five minutes; either way one client
 * is held to the limit and no other client is affected). Old windows are dropped as they pass.
 */
export class ClientWindows {
  private readonly counts = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs = clientWindowMs,
  ) {}

  take(client: string, now = Date.now()): boolean {
    let entry = this.counts.get(client);
    if (!entry || now - entry.start >= this.windowMs) {
      if (this.counts.size > 10_000) for (const [k, v] of this.counts) if (now - v.start >= this.windowMs) this.counts.delete(k);
      entry = { start: now, count: 0 };
      this.counts.set(client, entry);
    }
    if (entry.count >= this.limit) return false;
    entry.count += 1;
    return true;
  }
}

/**
 * Who sent a request: the connection's address, as WAF sees the viewer's. `trustForwardedFor` (a test-only stack
 * option, for benchmarks that play many visitors from one machine) takes the first X-Forwarded-For address
 * instead; without it any caller could claim to be someone else and escape the limit.
 */
export function clientAddress(req: IncomingMessage, trustForwardedFor: boolean): string {
  if (trustForwardedFor) {
    const forwarded = req.headers['x-forwarded-for'];
    const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
    if (first) return first;
  }
  return (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
}

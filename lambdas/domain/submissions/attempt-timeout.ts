/** One delivery attempt's time limit (the delivery engine, ./engine.ts). */

/**
 * Runs one send under the attempt timeout. On timeout the send's signal is aborted, so the SDK or fetch call
 * underneath is cancelled rather than left running: a send recorded as failed did not go on to send later.
 *
 * What remains: an aborted request whose bytes had already reached the receiver may still take effect. Webhook
 * calls carry an idempotency key per delivery (the receiver drops the repeat). SES has no idempotency key, so a
 * mail whose SendEmail request SES received just before the abort can arrive twice; the attempt timeout is far
 * above SES's usual answer time to keep that rare.
 */
export async function withTimeout<T>(send: (signal: AbortSignal) => Promise<T>, ms: number): Promise<T> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new Error(`timed out after ${ms} ms`);
      controller.abort(error);
      reject(error);
    }, ms);
  });
  try {
    return await Promise.race([send(controller.signal), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
